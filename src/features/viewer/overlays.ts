import type { Region } from '../../../core/contract';
import { msg } from '../../../core/i18n';

/**
 * The engine's overlays drawn over a Cornerstone view, registered to the image: every point is
 * placed through the viewport's own transforms (image index -> world -> canvas), so the overlays
 * follow zoom, pan and flips. The regions' coordinates are fractions of the stored image (the
 * frame DICOMweb serves), as are the overlay pictures, which cover the whole frame.
 */

type Point = [number, number];

/** What the drawing needs of a StackViewport (CPU or GPU rendering alike). */
export interface ImageGeometry {
  getImageData(): { dimensions: ArrayLike<number>; imageData: { indexToWorld?: (index: [number, number, number]) => ArrayLike<number> } } | undefined;
  worldToCanvas(world: [number, number, number]): ArrayLike<number>;
}

/** A region as listed beside the views: its number is the one drawn next to its box. */
export interface ListedRegion extends Region {
  number: number;
}

/** A region's kind in words (English: translate it where shown). */
export const REGION_KIND: Record<Region['kind'], string> = {
  mass: msg('Mass'),
  calcification: msg('Calcifications'),
  asymmetry: msg('Asymmetry'),
};

/** A region's score as the results show scores: whole percent. */
export const regionScore = (score: number) => `${Math.round(score * 100)}%`;

/** Maps a fraction of the stored image to canvas pixels (CSS), or null before the image is set. */
export function imageToCanvas(viewport: ImageGeometry): ((fx: number, fy: number) => Point) | null {
  const data = viewport.getImageData();
  const indexToWorld = data?.imageData.indexToWorld?.bind(data.imageData);
  if (!data || !indexToWorld) return null;
  const cols = data.dimensions[0];
  const rows = data.dimensions[1];
  const at = (u: number, v: number): Point => {
    const w = indexToWorld([u, v, 0]);
    const c = viewport.worldToCanvas([w[0], w[1], w[2]]);
    return [c[0], c[1]];
  };
  // The map is affine: three corners fix it.
  const o = at(0, 0);
  const x = at(cols, 0);
  const y = at(0, rows);
  return (fx, fy) => [o[0] + (x[0] - o[0]) * fx + (y[0] - o[0]) * fy, o[1] + (x[1] - o[1]) * fx + (y[1] - o[1]) * fy];
}

export interface OverlayPicture {
  image: CanvasImageSource & { width: number; height: number };
  /** How strongly it is laid over the image (0..1). */
  alpha: number;
}

/**
 * Clears the overlay canvas (sized to its box at the screen's pixel ratio) and draws the pictures
 * stretched over the whole image, then each region's box with its number; the selected one thicker.
 */
export function drawOverlays(
  canvas: HTMLCanvasElement,
  viewport: ImageGeometry,
  pictures: readonly OverlayPicture[],
  regions: readonly ListedRegion[],
  selected: number | null,
): void {
  const dpr = window.devicePixelRatio || 1;
  const width = Math.round(canvas.clientWidth * dpr);
  const height = Math.round(canvas.clientHeight * dpr);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, width, height);
  if (pictures.length === 0 && regions.length === 0) return;
  const map = imageToCanvas(viewport);
  if (!map) return;
  const o = map(0, 0);
  const x = map(1, 0);
  const y = map(0, 1);

  ctx.imageSmoothingEnabled = true;
  for (const { image, alpha } of pictures) {
    ctx.globalAlpha = alpha;
    ctx.setTransform(
      (dpr * (x[0] - o[0])) / image.width,
      (dpr * (x[1] - o[1])) / image.width,
      (dpr * (y[0] - o[0])) / image.height,
      (dpr * (y[1] - o[1])) / image.height,
      dpr * o[0],
      dpr * o[1],
    );
    ctx.drawImage(image, 0, 0);
  }

  ctx.globalAlpha = 1;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  for (const r of regions) {
    const corners = [map(r.x, r.y), map(r.x + r.width, r.y), map(r.x + r.width, r.y + r.height), map(r.x, r.y + r.height)];
    const on = r.number === selected;
    ctx.beginPath();
    corners.forEach(([cx, cy], i) => (i === 0 ? ctx.moveTo(cx, cy) : ctx.lineTo(cx, cy)));
    ctx.closePath();
    ctx.lineWidth = on ? 4 : 2;
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.8)';
    ctx.stroke();
    ctx.lineWidth = on ? 2.5 : 1.25;
    ctx.strokeStyle = on ? '#ffffff' : '#66d9e8';
    ctx.stroke();
    const left = Math.min(...corners.map((c) => c[0]));
    const top = Math.min(...corners.map((c) => c[1]));
    const label = String(r.number);
    ctx.font = '600 13px system-ui, sans-serif';
    const w = ctx.measureText(label).width + 8;
    ctx.fillStyle = 'rgba(0, 0, 0, 0.75)';
    ctx.fillRect(left, top - 18, w, 17);
    ctx.fillStyle = on ? '#ffffff' : '#66d9e8';
    ctx.fillText(label, left + 4, top - 5);
  }
}

/** What centring on a region needs of a StackViewport. */
export interface CameraViewport extends ImageGeometry {
  element: HTMLElement;
  getCamera(): { focalPoint?: ArrayLike<number>; position?: ArrayLike<number> };
  setCamera(camera: { focalPoint: [number, number, number]; position: [number, number, number]; parallelScale: number }): void;
  render(): void;
}

/** Nothing smaller than this many mm high is shown when zooming on a region. */
const MIN_VIEW_MM = 30;

/**
 * Centres the view on a region and zooms so the region takes about a third of it (never closer
 * than MIN_VIEW_MM): the focal point moves to the region's centre, the camera keeps its direction.
 */
export function centreOn(viewport: CameraViewport, r: Region): boolean {
  const data = viewport.getImageData();
  const indexToWorld = data?.imageData.indexToWorld?.bind(data.imageData);
  if (!data || !indexToWorld) return false;
  const cols = data.dimensions[0];
  const rows = data.dimensions[1];
  const world = (fx: number, fy: number): [number, number, number] => {
    const w = indexToWorld([fx * cols, fy * rows, 0]);
    return [w[0], w[1], w[2]];
  };
  const dist = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  const centre = world(cx, cy);
  const across = dist(world(r.x, cy), world(r.x + r.width, cy));
  const down = dist(world(cx, r.y), world(cx, r.y + r.height));
  const { clientWidth, clientHeight } = viewport.element;
  const aspect = clientWidth > 0 ? clientHeight / clientWidth : 1;
  // parallelScale is half the height of what the view shows, in world units (mm).
  const parallelScale = Math.max(1.5 * down, 1.5 * across * aspect, MIN_VIEW_MM / 2);
  const camera = viewport.getCamera();
  const focal = camera.focalPoint ?? centre;
  const position = camera.position ?? centre;
  const offset = [position[0] - focal[0], position[1] - focal[1], position[2] - focal[2]];
  viewport.setCamera({
    focalPoint: centre,
    position: [centre[0] + offset[0], centre[1] + offset[1], centre[2] + offset[2]],
    parallelScale,
  });
  viewport.render();
  return true;
}

/** The regions in list order (the hanging's order of views, most suspicious first), numbered from 1. */
export function listRegions(regions: readonly Region[], hanging: readonly Region['view'][]): ListedRegion[] {
  return hanging
    .flatMap((view) => regions.filter((r) => r.view === view).sort((a, b) => b.score - a.score))
    .map((r, i) => ({ ...r, number: i + 1 }));
}
