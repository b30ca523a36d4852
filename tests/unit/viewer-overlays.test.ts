/**
 * The built-in viewer's findings geometry (src/features/viewer/overlays.ts), against a stand-in for
 * a Cornerstone viewport: a region in fractions of the stored image lands where the viewport puts
 * that part of the image (flipped and zoomed too), and centring on a region moves the camera's focal
 * point to it, keeps its direction and zooms so the region takes about a third of the view.
 */
import { describe, expect, it } from 'vitest';
import type { Region } from '../../core/contract/scores';
import { centreOn, imageToCanvas, listRegions, type CameraViewport } from '../../src/features/viewer/overlays';

/** A 1000 x 2000 pixel image at 0.1 mm; world = mm; the canvas shows it at `scale` px/mm, mirrored when `flip`. */
function viewport(opts: { flip?: boolean; scale?: number; offset?: [number, number] } = {}) {
  const scale = opts.scale ?? 2;
  const [ox, oy] = opts.offset ?? [10, 20];
  let camera = { focalPoint: [50, 100, 0] as [number, number, number], position: [50, 100, 500] as [number, number, number], parallelScale: 100 };
  const vp: CameraViewport & { camera: () => typeof camera } = {
    element: { clientWidth: 800, clientHeight: 600 } as HTMLElement,
    getImageData: () => ({ dimensions: [1000, 2000, 1], imageData: { indexToWorld: ([i, j, k]: [number, number, number]) => [i * 0.1, j * 0.1, k] } }),
    worldToCanvas: ([x, y]) => [ox + (opts.flip ? 100 - x : x) * scale, oy + y * scale],
    getCamera: () => camera,
    setCamera: (c) => {
      camera = { ...c };
    },
    render: () => undefined,
    camera: () => camera,
  };
  return vp;
}

const region = (view: Region['view'], score: number, x = 0.2, y = 0.3): Region => ({ view, kind: 'mass', x, y, width: 0.1, height: 0.05, score });

describe('the viewer draws the regions where the image is', () => {
  it('maps fractions of the stored image to the canvas, plain and mirrored', () => {
    const plain = imageToCanvas(viewport())!;
    expect(plain(0, 0)).toEqual([10, 20]);
    expect(plain(1, 1)).toEqual([210, 420]);
    expect(plain(0.25, 0.5)).toEqual([60, 220]);
    const mirrored = imageToCanvas(viewport({ flip: true }))!;
    // The image's left edge is drawn on the right.
    expect(mirrored(0, 0)).toEqual([210, 20]);
    expect(mirrored(1, 0)).toEqual([10, 20]);
  });

  it('has nothing to map before an image is set', () => {
    expect(imageToCanvas({ ...viewport(), getImageData: () => undefined })).toBeNull();
  });
});

describe('choosing a region', () => {
  it('centres the view on it, keeps the camera direction and zooms to about three times its size', () => {
    const vp = viewport();
    const r = region('r_cc', 0.5);
    expect(centreOn(vp, r)).toBe(true);
    const c = vp.camera();
    // Centre: x 0.25 of 100 mm, y 0.325 of 200 mm.
    expect(c.focalPoint[0]).toBeCloseTo(25);
    expect(c.focalPoint[1]).toBeCloseTo(65);
    expect(c.position).toEqual([c.focalPoint[0], c.focalPoint[1], 500]);
    // 10 mm high, 10 mm wide in a 4:3 view: half the view is 1.5 x the larger need (15 mm, never less than 15).
    expect(c.parallelScale).toBeCloseTo(15);
    centreOn(vp, { ...r, width: 0.5, height: 0.2 });
    // 40 mm high: 1.5 x 40 = 60; 50 mm wide x 0.75 x 1.5 = 56.25.
    expect(vp.camera().parallelScale).toBeCloseTo(60);
  });

  it('lists regions by view in hanging order, most suspicious first, numbered from 1', () => {
    const listed = listRegions([region('l_mlo', 0.9), region('r_cc', 0.2), region('r_cc', 0.7), region('l_cc', 0.1)], ['r_cc', 'l_cc', 'r_mlo', 'l_mlo']);
    expect(listed.map((r) => [r.number, r.view, r.score])).toEqual([
      [1, 'r_cc', 0.7],
      [2, 'r_cc', 0.2],
      [3, 'l_cc', 0.1],
      [4, 'l_mlo', 0.9],
    ]);
  });
});
