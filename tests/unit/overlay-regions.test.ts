/**
 * Issue 18, item 8: the regions the suspicious-regions overlay marks are the regions the score came
 * from. The overlay is drawn from the same findings the result's regions are made of (selectRegions),
 * each one marked however low its score, and nothing is drawn away from them.
 */
import { describe, expect, it } from 'vitest';
import type { Region } from '../../core/contract/scores';
import { detectStudy } from '../../server/analysis/image/detection';
import { renderOverlays, type RgbaOverlay } from '../../server/analysis/image/overlays';
import { analyzeView } from '../../server/analysis/image/view';
import { syntheticView } from './image-synthetic';

const SIZE = { width: 512, height: 640, spacingMm: 0.2 } as const;

function analysed(chestWall: 'left' | 'right') {
  const v = analyzeView(syntheticView('l_cc', { ...SIZE, seed: 5, chestWall, mass: { x: 0.4, y: 0.45, radiusMm: 6 }, calcs: { x: 0.3, y: 0.7, count: 8 } }));
  return { v, d: detectStudy({ l_cc: v }).l_cc };
}

type View = ReturnType<typeof analysed>['v'];

/**
 * The overlay's opacity at a region's edge, the most opaque within one pixel of it: a fraction of
 * the display image in the overlay's pixels (analysis size, display orientation); a far edge (right,
 * bottom) is the pixel before it.
 */
const alphaAt = (o: RgbaOverlay, v: View, fx: number, fy: number, far: { x?: boolean; y?: boolean } = {}) => {
  const x = Math.round((fx * v.displayWidth) / v.coarseScale[1] - (far.x ? 1 : 0));
  const y = Math.round((fy * v.displayHeight) / v.coarseScale[0] - (far.y ? 1 : 0));
  let most = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const xx = Math.min(o.width - 1, Math.max(0, x + dx));
      const yy = Math.min(o.height - 1, Math.max(0, y + dy));
      most = Math.max(most, o.data[(yy * o.width + xx) * 4 + 3]);
    }
  }
  return most;
};

/** Whether an overlay pixel (display orientation) lies near one of the regions: within its box grown by its own size. */
const nearRegion = (regions: Region[], fx: number, fy: number, slack: number) =>
  regions.some((r) => fx >= r.x - r.width - slack && fx <= r.x + 2 * r.width + slack && fy >= r.y - r.height - slack && fy <= r.y + 2 * r.height + slack);

describe('the suspicious-regions overlay marks the reported regions', () => {
  for (const chestWall of ['left', 'right'] as const) {
    it(`outlines every region, the score's own first, and nothing else (chest wall ${chestWall})`, () => {
      const { v, d } = analysed(chestWall);
      expect(d.regions.length).toBeGreaterThan(0);
      // The view's score is its first region's: the region the score came from is in the list.
      expect(d.regions[0].score).toBe(d.score);
      const overlay = renderOverlays(v, d.findings).detection;
      for (const r of d.regions) {
        // Each side of its box is drawn opaque (the overlay is at analysis size, in display orientation).
        const midX = r.x + r.width / 2;
        const midY = r.y + r.height / 2;
        expect(alphaAt(overlay, v, midX, r.y), `top of ${r.kind}`).toBe(255);
        expect(alphaAt(overlay, v, midX, r.y + r.height, { y: true }), `bottom of ${r.kind}`).toBe(255);
        expect(alphaAt(overlay, v, r.x, midY, {}), `left of ${r.kind}`).toBe(255);
        expect(alphaAt(overlay, v, r.x + r.width, midY, { x: true }), `right of ${r.kind}`).toBe(255);
      }
      const slack = 3 / overlay.width;
      for (let y = 0; y < overlay.height; y++) {
        for (let x = 0; x < overlay.width; x++) {
          if (overlay.data[(y * overlay.width + x) * 4 + 3] === 0) continue;
          expect(nearRegion(d.regions, (x + 0.5) / overlay.width, (y + 0.5) / overlay.height, slack), `pixel ${x},${y}`).toBe(true);
        }
      }
    });
  }

  it('marks a region whose score is very low (the heat alone would not show it)', () => {
    const { v, d } = analysed('left');
    const faint = d.findings.map((f) => ({ ...f, score: 0.01, ownScore: 0.01 }));
    const overlay = renderOverlays(v, faint).detection;
    for (const r of d.regions) expect(alphaAt(overlay, v, r.x + r.width / 2, r.y)).toBe(255);
  });
});
