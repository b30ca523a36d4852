import type { DecodedView } from '../../server/dicom/types';
import type { ViewKey } from '../../core/contract/scores';

/** Seeded PRNG (mulberry32) so synthetic images are identical on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SyntheticOptions {
  width?: number;
  height?: number;
  spacingMm?: number;
  /** Side of the image the chest wall is on. */
  chestWall?: 'left' | 'right';
  mlo?: boolean;
  /** Centre of a round mass in fractions of the image (chest wall on the left), radius in mm. */
  mass?: { x: number; y: number; radiusMm: number };
  /** Calcification cluster centre in fractions, with the number of specks. */
  calcs?: { x: number; y: number; count: number };
  /**
   * Share of the breast area covered by fibroglandular tissue (0-1): blobs of a smooth random field
   * above the matching threshold, brighter than fat by `denseContrast`.
   */
  denseFraction?: number;
  denseContrast?: number;
  /** A bright label in the far corner, disconnected from the breast. */
  label?: boolean;
  seed?: number;
}

/**
 * A crude mammogram: a half-ellipse breast against a dark background, with a smooth fatty
 * texture, optional pectoral wedge (MLO), mass, calcifications and label. Enough to test each stage
 * on a known answer before the project's phantom generator is available.
 */
export function syntheticView(key: ViewKey, o: SyntheticOptions = {}): DecodedView {
  const w = o.width ?? 320;
  const h = o.height ?? 400;
  const sp = o.spacingMm ?? 0.4;
  const rand = rng(o.seed ?? 1);
  const px = new Float32Array(w * h);
  // MLO breasts reach the top edge (the axilla), CC breasts are a half ellipse.
  const cy = o.mlo ? h * 0.4 : h / 2;
  const a = w * 0.7;
  const b = o.mlo ? h * 0.6 : h * 0.42;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const r2 = (x / a) ** 2 + ((y - cy) / b) ** 2;
      let v = 80 + rand() * 10;
      if (r2 < 1) {
        // Compressed thickness: falls off only near the skin line, flat inside.
        v += 600 * Math.min(1, 3 * Math.sqrt(1 - r2)) + 200 + 40 * Math.sin(x / 7) * Math.cos(y / 9) + rand() * 20;
        if (o.mlo && x + y * 0.45 < w * 0.3) v += 500;
      }
      px[y * w + x] = v;
    }
  }
  if (o.denseFraction !== undefined) addDenseTissue(px, w, h, a, b, cy, o.denseFraction, o.denseContrast ?? 250, rand);
  if (o.mass) {
    const mx = o.mass.x * w;
    const my = o.mass.y * h;
    const rr = o.mass.radiusMm / sp;
    for (let y = Math.floor(my - 2 * rr); y <= my + 2 * rr; y++) {
      for (let x = Math.floor(mx - 2 * rr); x <= mx + 2 * rr; x++) {
        if (x < 0 || y < 0 || x >= w || y >= h) continue;
        const d = Math.hypot(x - mx, y - my) / rr;
        px[y * w + x] += 260 * Math.exp(-(d ** 4));
      }
    }
  }
  if (o.calcs) {
    const cx = o.calcs.x * w;
    const cyc = o.calcs.y * h;
    for (let k = 0; k < o.calcs.count; k++) {
      const x = Math.round(cx + (rand() - 0.5) * (6 / sp));
      const y = Math.round(cyc + (rand() - 0.5) * (6 / sp));
      px[y * w + x] += 700;
    }
  }
  if (o.label) {
    for (let y = 10; y < 30; y++) for (let x = w - 50; x < w - 10; x++) if ((x + y) % 3 !== 0) px[y * w + x] = 1200;
  }
  if (o.chestWall === 'right') {
    for (let y = 0; y < h; y++) px.subarray(y * w, (y + 1) * w).reverse();
  }
  const lat = key.startsWith('r') ? 'R' : 'L';
  return {
    key,
    laterality: lat,
    viewPosition: key.endsWith('mlo') ? 'MLO' : 'CC',
    width: w,
    height: h,
    pixels: px,
    minValue: 0,
    maxValue: 4095,
    pixelSpacingMm: [sp, sp],
    spacingSource: 'PixelSpacing',
    window: null,
    horizontalFlip: false,
    downsample: 1,
  };
}

/** The breast mask of the generator: the half ellipse. */
export function insideBreast(x: number, y: number, w: number, h: number, mlo = false): boolean {
  const cy = mlo ? h * 0.4 : h / 2;
  const b = mlo ? h * 0.6 : h * 0.42;
  return (x / (w * 0.7)) ** 2 + ((y - cy) / b) ** 2 < 1;
}

function addDenseTissue(px: Float32Array, w: number, h: number, a: number, b: number, cy: number, fraction: number, contrast: number, rand: () => number): void {
  // Smooth random field: a sum of random Gaussian bumps, denser toward the nipple-chest axis.
  const field = new Float32Array(w * h);
  const bumps = 60;
  const s = Math.min(w, h) / 14;
  for (let k = 0; k < bumps; k++) {
    const bx = rand() * a * 0.9;
    const by = cy + (rand() - 0.5) * 2 * b * 0.8;
    const amp = 0.5 + rand();
    const x0 = Math.max(0, Math.floor(bx - 3 * s));
    const x1 = Math.min(w - 1, Math.ceil(bx + 3 * s));
    const y0 = Math.max(0, Math.floor(by - 3 * s));
    const y1 = Math.min(h - 1, Math.ceil(by + 3 * s));
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) field[y * w + x] += amp * Math.exp(-((x - bx) ** 2 + (y - by) ** 2) / (2 * s * s));
  }
  const inside: number[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if ((x / a) ** 2 + ((y - cy) / b) ** 2 < 1) inside.push(field[y * w + x]);
  inside.sort((p, q) => q - p);
  const cut = fraction <= 0 ? Infinity : inside[Math.min(inside.length - 1, Math.floor(fraction * inside.length))];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if ((x / a) ** 2 + ((y - cy) / b) ** 2 >= 1) continue;
      if (field[i] > cut) px[i] += contrast;
    }
  }
}
