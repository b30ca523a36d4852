import { describe, expect, it } from 'vitest';
import { orientChestWallLeft } from '../../server/analysis/image/orient';
import { removePectoral } from '../../server/analysis/image/pectoral';
import { countMask } from '../../server/analysis/image/raster';
import { segmentBreast } from '../../server/analysis/image/segment';
import { syntheticView } from './image-synthetic';

const raster = (v: ReturnType<typeof syntheticView>) => ({ width: v.width, height: v.height, data: v.pixels });

describe('orientation', () => {
  it('puts the chest wall on the left and records the flip, whatever the header says', () => {
    const right = syntheticView('r_cc', { chestWall: 'right' });
    const o = orientChestWallLeft(raster(right), 'R', false);
    expect(o.flipped).toBe(true);
    expect(o.pixelsOverruledHeader).toBe(false);
    // An exported image already mirrored: the header implies right, the pixels say left.
    const left = syntheticView('r_cc', { chestWall: 'left' });
    const o2 = orientChestWallLeft(raster(left), 'R', false);
    expect(o2.flipped).toBe(false);
    expect(o2.pixelsOverruledHeader).toBe(true);
    expect(o2.raster.data[200 * 320 + 5]).toBeGreaterThan(o2.raster.data[200 * 320 + 314]);
  });

  it('finds the chest wall of a padded film by the tissue, not by a label or a lighter padding', () => {
    // A scanned film: black padding on both sides (a little lighter beyond the chest wall), the
    // breast's flat chest-wall edge at x = 220 and its tip towards the left, a bright label near the tip.
    const w = 320;
    const h = 400;
    const data = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let v = x > 220 ? 14 : 10;
        if (x <= 220 && ((220 - x) / 160) ** 2 + ((y - 200) / 170) ** 2 < 1) v = 120;
        if (x >= 20 && x < 50 && y >= 20 && y < 60) v = 250;
        data[y * w + x] = v;
      }
    }
    const o = orientChestWallLeft({ width: w, height: h, data }, 'L', false);
    expect(o.chestWallSide).toBe('right');
    expect(o.flipped).toBe(true);
  });
});

describe('breast segmentation', () => {
  it('finds the breast and drops a disconnected label', () => {
    const v = syntheticView('l_cc', { label: true });
    const seg = segmentBreast(raster(v));
    const w = v.width;
    const h = v.height;
    // Truth: the half ellipse of the generator.
    let truth = 0;
    let agree = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const inside = (x / (w * 0.7)) ** 2 + ((y - h / 2) / (h * 0.42)) ** 2 < 1;
        if (inside) truth++;
        if (inside && seg.mask.data[y * w + x]) agree++;
      }
    }
    const area = countMask(seg.mask);
    expect(agree / truth).toBeGreaterThan(0.97);
    expect(area / truth).toBeLessThan(1.03);
    expect(seg.mask.data[20 * w + w - 30]).toBe(0);
    expect(seg.removedObjects.length).toBeGreaterThanOrEqual(1);
  });

  it('removes the pectoral wedge of an MLO view and leaves CC tissue alone', () => {
    const v = syntheticView('l_mlo', { mlo: true });
    const seg = segmentBreast(raster(v));
    const pec = removePectoral(raster(v), seg.mask, 0.4);
    expect(pec.line).not.toBeNull();
    const w = v.width;
    // Inside the wedge (x + 0.45 y < 0.3 w) near the corner: removed; well beyond: kept.
    expect(pec.mask.data[10 * w + 10]).toBe(0);
    expect(pec.mask.data[200 * w + 150]).toBe(1);
    let wedge = 0;
    for (let y = 0; y < v.height; y++) for (let x = 0; x < w; x++) if (seg.mask.data[y * w + x] && x + y * 0.45 < w * 0.3) wedge++;
    const removed = countMask(seg.mask) - countMask(pec.mask);
    expect(Math.abs(removed - wedge) / wedge).toBeLessThan(0.2);
    const cc = syntheticView('l_cc');
    const segCc = segmentBreast(raster(cc));
    expect(removePectoral(raster(cc), segCc.mask, 0.4).line).toBeNull();
  });
});
