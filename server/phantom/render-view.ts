/**
 * Renders one view. Smooth quantities (tissue thickness, fibroglandular fraction, background
 * texture, mass) are computed on a work grid of about 0.4 mm; the full-resolution pass only
 * interpolates them, draws the fibrous septa as zero-crossings of an interpolated band-pass field
 * (so they stay thin and crisp at any size), adds noise and calcifications, and quantises.
 */
import { distanceToOutside } from './edt';
import type { BreastShape } from './geometry';
import type { Rng } from './prng';
import { sample, type Field } from './texture';
import type { CoarseMap, PixelBox } from './types';

export interface MassSpec {
  u: number;
  v: number;
  radiusMm: number;
  margin: 'spiculated' | 'round';
  /** Scale of the mass's own attenuation (1: subtle). */
  contrast: number;
  /** Per-mass random shape: boundary harmonics and spicules (angle, length factor). */
  harmonics: { k: number; amp: number; phase: number }[];
  spicules: { angle: number; length: number }[];
}

export interface CalcSpec {
  points: { u: number; v: number; radiusMm: number }[];
}

export interface ViewRenderInput {
  shape: BreastShape;
  width: number;
  height: number;
  spacingMm: number;
  /** Mirror so that the chest wall is on the right edge (right-breast views). */
  mirror: boolean;
  density: number;
  thicknessMm: number;
  /** Power-law fields (anatomical background) and band-pass fields (septa network). */
  gland: Field;
  fat: Field;
  septa: Field;
  septaFine: Field;
  /** Where in the periodic fields this view reads, mm. */
  fieldOffsetMm: [number, number];
  mass: MassSpec | null;
  calcs: CalcSpec | null;
  bitsStored: number;
  photometric: 'MONOCHROME1' | 'MONOCHROME2';
  rng: Rng;
}

export interface ViewRenderOutput {
  pixels: Uint16Array;
  denseMap: CoarseMap;
  breastMask: CoarseMap;
  denseFraction: number;
  mass: PixelBox | null;
  calcifications: PixelBox | null;
  calcificationPoints: { x: number; y: number }[];
  nipple: { x: number; y: number };
  pectoral: { topX: number; edgeY: number } | null;
}

const BACKGROUND = 0.015;
const FAT = 0.24;
const GLAND_GAIN = 0.5;
const MUSCLE = 0.46;
const SKIN = 0.1;

function smoothstep(a: number, b: number, x: number): number {
  const t = x <= a ? 0 : x >= b ? 1 : (x - a) / (b - a);
  return t * t * (3 - 2 * t);
}

/** Value of G above which a fraction `density` of the breast cells lie (histogram quantile). */
function quantileCut(values: Float32Array, mask: Uint8Array, density: number): number {
  let lo = Infinity;
  let hi = -Infinity;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    if (!mask[i]) continue;
    n++;
    if (values[i] < lo) lo = values[i];
    if (values[i] > hi) hi = values[i];
  }
  if (n === 0 || hi <= lo) return hi;
  const bins = 8192;
  const hist = new Uint32Array(bins);
  const k = (bins - 1) / (hi - lo);
  for (let i = 0; i < values.length; i++) if (mask[i]) hist[Math.floor((values[i] - lo) * k)]++;
  const want = density * n;
  let above = 0;
  for (let b = bins - 1; b >= 0; b--) {
    if (above + hist[b] > want) return lo + (b + 1) / k;
    above += hist[b];
  }
  return lo;
}

/** Intensity added by the mass at canonical (u, v) mm. */
function massValue(m: MassSpec, u: number, v: number): number {
  const du = u - m.u;
  const dv = v - m.v;
  const r = Math.sqrt(du * du + dv * dv);
  const reach = m.margin === 'spiculated' ? m.radiusMm * 3.2 : m.radiusMm * 1.3;
  if (r > reach) return 0;
  const phi = Math.atan2(dv, du);
  let rad = m.radiusMm;
  for (const h of m.harmonics) rad *= 1 + h.amp * Math.sin(h.k * phi + h.phase);
  // Path length through a sphere, softened at the border (round masses are circumscribed).
  const soft = m.margin === 'round' ? 0.06 : 0.18;
  const q = r / rad;
  let val = q < 1 ? Math.sqrt(1 - q * q) : 0;
  val = val * (1 - smoothstep(1 - soft, 1 + soft, q)) + 0.08 * Math.exp(-(((q - 1) / soft) ** 2));
  if (m.margin === 'spiculated') {
    for (const s of m.spicules) {
      // Distance from the point to a tapering segment from the centre along s.angle.
      const ca = Math.cos(s.angle);
      const sa = Math.sin(s.angle);
      const along = du * ca + dv * sa;
      const len = rad * s.length;
      // Spicules start at the border (inside it they would pile up into a bright ring).
      const start = rad * 0.8;
      if (along < start || along > len) continue;
      const across = Math.abs(-du * sa + dv * ca);
      const taper = 1 - (along - start) / (len - start);
      const width = 0.4 + 0.8 * taper;
      val += 0.35 * taper * Math.exp(-((across / width) ** 2)) * smoothstep(start, rad, along);
    }
  }
  return val;
}

export function renderView(o: ViewRenderInput): ViewRenderOutput {
  const { shape, width: W, height: H, spacingMm: s } = o;
  const [ox, oy] = o.fieldOffsetMm;
  const f = Math.max(1, Math.round(0.4 / s));
  const ws = s * f;
  const w = Math.ceil(W / f) + 1;
  const h = Math.ceil(H / f) + 1;
  const n = w * h;
  const half = o.thicknessMm / 2;

  // Breast mask (muscle included) on the work grid; distance to the skin from it.
  const inside = new Uint8Array(n);
  const edge = new Float32Array(h);
  const pec = new Float32Array(h);
  for (let j = 0; j < h; j++) {
    const v = j * ws;
    edge[j] = shape.edgeAt(v);
    pec[j] = shape.pectoralAt(v);
    const cols = Math.min(w, Math.ceil(edge[j] / ws));
    for (let i = 0; i < cols; i++) if (i * ws < edge[j]) inside[j * w + i] = 1;
  }
  const dist = distanceToOutside(inside, w, h);

  const G = new Float32Array(n);
  const breast = new Uint8Array(n);
  const edgeFactor = new Float32Array(n);
  const muscle = new Float32Array(n);
  const { gland } = shape;
  for (let j = 0; j < h; j++) {
    const v = j * ws;
    const dvg = (v - gland.v) / gland.sv;
    for (let i = 0; i < w; i++) {
      const k = j * w + i;
      if (!inside[k]) continue;
      const u = i * ws;
      const d = dist[k] * ws;
      const t = Math.min(d, half) / half;
      edgeFactor[k] = Math.sqrt(1 - (1 - t) * (1 - t));
      // Muscle weight: soft edge of about 1.5 mm.
      const pm = pec[j] > 0 ? smoothstep(-0.75, 0.75, pec[j] - u) : 0;
      muscle[k] = pm;
      if (pm < 0.5) breast[k] = 1;
      const dug = (u - gland.u) / gland.su;
      const prior =
        Math.exp(-0.5 * (dug * dug + dvg * dvg)) *
        smoothstep(3, 16, d) * // subcutaneous fat
        smoothstep(2, 18, u - pec[j]); // retromammary fat
      // The fibroglandular tissue is one cone-shaped region behind the nipple with scalloped,
      // textured borders (the prior), not dense spots spread evenly over the breast.
      G[k] = 1.7 * prior + 0.42 * sample(o.gland, u + ox, v + oy) - 0.6 * pm;
    }
  }

  // Dense cut chosen so that the requested fraction of the breast is dense.
  const cut = quantileCut(G, breast, o.density);
  const dense = new Uint8Array(n);
  let denseCount = 0;
  let breastCount = 0;
  for (let k = 0; k < n; k++) {
    if (!breast[k]) continue;
    breastCount++;
    if (G[k] > cut) {
      dense[k] = 1;
      denseCount++;
    }
  }

  // Work-grid maps for the full-resolution pass: base value V, septa fields and their strength.
  const V = new Float32Array(n);
  const B1 = new Float32Array(n);
  const B2 = new Float32Array(n);
  const LS = new Float32Array(n);
  const LS2 = new Float32Array(n);
  const massContrast = o.mass?.contrast ?? 1;
  const nu = shape.nipple.u;
  const nv = shape.nipple.v;
  for (let j = 0; j < h; j++) {
    const v = j * ws;
    for (let i = 0; i < w; i++) {
      const k = j * w + i;
      if (!inside[k]) {
        V[k] = BACKGROUND;
        continue;
      }
      const u = i * ws;
      const e = edgeFactor[k];
      const d = dist[k] * ws;
      const gf = 0.9 / (1 + Math.exp(-(G[k] - cut) / 0.22));
      const tex = sample(o.fat, u + ox, v + oy);
      // Dense tissue is not a flat plateau: its projected amount varies with the background texture.
      const gtex = 0.78 + 0.22 * sample(o.fat, 1.9 * u + oy + 37, 1.9 * v + ox + 71);
      let val =
        Math.sqrt(e) * (FAT + 0.035 * e * tex) + GLAND_GAIN * e * gf * gtex + SKIN * Math.exp(-(((d - 0.7) / 0.8) ** 2));
      const pm = muscle[k];
      if (pm > 0) {
        const depth = Math.min(1, (pec[j] - u) / 25);
        val = val * (1 - pm) + pm * (MUSCLE + 0.12 * depth + 0.04 * tex);
      }
      // A mass displaces the tissue it occupies: inside it, most of the local structure (a fat
      // lobule, a septum) gives way to the lesion's own dense, even attenuation.
      const mv = o.mass ? massValue(o.mass, u, v) : 0;
      let cover = 0;
      if (mv > 0) {
        cover = 0.6 * Math.min(1, mv);
        val = val * (1 - cover) + cover * (Math.sqrt(e) * FAT + 0.2 * e) + 0.36 * massContrast * e * mv;
      }
      V[k] = val;
      // Septa radiate from the nipple: sample the network stretched along the nipple direction.
      const rho = Math.sqrt((u - nu) * (u - nu) + (v - nv) * (v - nv));
      const phi = Math.atan2(v - nv, nu - u);
      // Arc length around the nipple, damped near it so the lines do not converge into a star.
      const arc = phi * (rho + 25);
      B1[k] = sample(o.septa, rho * 0.12 + ox, arc * 0.6 + oy);
      // Cooper's ligaments: arcs roughly parallel to the skin in the subcutaneous fat (contours of
      // a field that varies quickly with the depth under the skin and slowly along it).
      B2[k] = sample(o.septaFine, d * 0.35 + oy, arc * 0.1 + ox);
      // Septa are seen best in fat; a second field breaks the closed loops of the zero-crossing
      // network into arcs, and strength varies from region to region.
      const arcs = smoothstep(0, 1, sample(o.septaFine, u * 0.25 + ox + 51, v * 0.25 + oy + 7));
      const patch = smoothstep(-0.8, 1.2, sample(o.fat, v * 0.5 + oy + 91, u * 0.5 + ox + 13));
      const fatty = (1 - pm) * (1 - cover) * (1 - gf / 0.9);
      LS[k] = e * (1 - pm) * (1 - cover) * (0.02 + 0.1 * (1 - gf / 0.9)) * (0.1 + arcs) * (0.4 + 0.8 * patch) * smoothstep(0.5, 3, d);
      LS2[k] = e * fatty * 0.1 * (0.3 + patch) * smoothstep(1, 4, d) * (1 - smoothstep(10, 28, d));
    }
  }

  // Full resolution: separable bilinear interpolation, a row at a time.
  const maxVal = 2 ** o.bitsStored - 1;
  // Work-grid columns inside the breast per row (beyond them a full-resolution row is background).
  const insideCols = new Int32Array(h);
  for (let j = 0; j < h; j++) {
    let c = 0;
    for (let i = w - 1; i >= 0; i--) {
      if (inside[j * w + i]) {
        c = i + 1;
        break;
      }
    }
    insideCols[j] = c;
  }
  // Septa half-width about 0.35 mm, never under 0.6 pixel; the gradient of a unit band-pass
  // field is about 2 pi fc per mm. Wider lines (small images) are dimmed to keep their mass.
  const halfWidthMm = Math.max(0.35, 0.6 * s);
  const pixels = rasterise({
    W,
    H,
    f,
    w,
    h,
    V,
    B1,
    B2,
    LS,
    LS2,
    insideCols,
    maxVal,
    mirror: o.mirror,
    w1: 1 / (((2 * Math.PI) / 6) * 0.55 * halfWidthMm * 1.0),
    w2: 1 / (((2 * Math.PI) / 6) * 0.35 * halfWidthMm * 1.0),
    dim: 0.35 / halfWidthMm,
    noiseSeed: (o.rng.next() * 0xffffffff) >>> 0 || 1,
  });
  const mono1 = o.photometric === 'MONOCHROME1';

  const toX = (u: number) => (o.mirror ? W - u / s : u / s);
  const toBox = (u: number, v: number, r: number): PixelBox => {
    const x0 = Math.max(0, Math.floor(Math.min(toX(u - r), toX(u + r))));
    const x1 = Math.min(W, Math.ceil(Math.max(toX(u - r), toX(u + r))));
    const y0 = Math.max(0, Math.floor((v - r) / s));
    const y1 = Math.min(H, Math.ceil((v + r) / s));
    return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  };

  // Calcifications: small bright specks drawn at full resolution (Gaussian blobs whose integral
  // matches a speck of the given radius, so small images show them faintly rather than not at all).
  const calcPoints: { x: number; y: number }[] = [];
  let calcBox: PixelBox | null = null;
  if (o.calcs) {
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const c of o.calcs.points) {
      const cx = toX(c.u);
      const cy = c.v / s;
      calcPoints.push({ x: cx, y: cy });
      const sigma = Math.max(c.radiusMm / s / 1.2, 0.6);
      const amp = 0.45 * Math.min(1, (c.radiusMm / s / 1.2 / sigma) ** 2) * maxVal;
      const reach = Math.ceil(sigma * 3);
      for (let y = Math.max(0, Math.floor(cy) - reach); y <= Math.min(H - 1, Math.floor(cy) + reach); y++) {
        for (let x = Math.max(0, Math.floor(cx) - reach); x <= Math.min(W - 1, Math.floor(cx) + reach); x++) {
          const r2 = ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2) / (sigma * sigma);
          const k = y * W + x;
          pixels[k] = Math.min(maxVal, pixels[k] + Math.round(amp * Math.exp(-0.5 * r2)));
        }
      }
      minU = Math.min(minU, c.u - c.radiusMm);
      maxU = Math.max(maxU, c.u + c.radiusMm);
      minV = Math.min(minV, c.v - c.radiusMm);
      maxV = Math.max(maxV, c.v + c.radiusMm);
    }
    calcBox = toBox((minU + maxU) / 2, (minV + maxV) / 2, Math.max(maxU - minU, maxV - minV) / 2 + 0.5);
  }
  if (mono1) for (let k = 0; k < pixels.length; k++) pixels[k] = maxVal - pixels[k];

  // Truth maps on the work grid (the last padding row and column dropped).
  const mw = Math.ceil(W / f);
  const mh = Math.ceil(H / f);
  const denseMap = new Uint8Array(mw * mh);
  const breastMap = new Uint8Array(mw * mh);
  let mapDense = 0;
  let mapBreast = 0;
  for (let j = 0; j < mh; j++) {
    for (let i = 0; i < mw; i++) {
      const src = j * w + i;
      const dst = j * mw + (o.mirror ? mw - 1 - i : i);
      if (breast[src]) {
        breastMap[dst] = 1;
        mapBreast++;
        if (dense[src]) {
          denseMap[dst] = 1;
          mapDense++;
        }
      }
    }
  }
  void denseCount;
  void breastCount;
  return {
    pixels,
    denseMap: { width: mw, height: mh, scale: f, data: denseMap },
    breastMask: { width: mw, height: mh, scale: f, data: breastMap },
    denseFraction: mapBreast ? mapDense / mapBreast : 0,
    mass: o.mass ? toBox(o.mass.u, o.mass.v, o.mass.radiusMm) : null,
    calcifications: calcBox,
    calcificationPoints: calcPoints,
    nipple: { x: toX(shape.nipple.u), y: shape.nipple.v / s },
    pectoral: shape.pectoral ? { topX: toX(shape.pectoral.topU), edgeY: shape.pectoral.edgeV / s } : null,
  };
}

interface RasterInput {
  W: number;
  H: number;
  /** Work-grid step in image pixels, and the work grid's size. */
  f: number;
  w: number;
  h: number;
  V: Float32Array;
  B1: Float32Array;
  B2: Float32Array;
  LS: Float32Array;
  LS2: Float32Array;
  /** Per work-grid row: columns [0, insideCols) may be inside the breast. */
  insideCols: Int32Array;
  maxVal: number;
  mirror: boolean;
  w1: number;
  w2: number;
  dim: number;
  noiseSeed: number;
}

/**
 * The full-resolution pass (the hot loop of the generator): interpolates the work-grid maps,
 * draws the septa, adds quantum noise and quantises. Kept in its own small function so the
 * engine optimises it as a whole.
 */
function rasterise(r: RasterInput): Uint16Array {
  const { W, H, f, w, h, V, B1, B2, LS, LS2, insideCols, maxVal, w1, w2, dim } = r;
  const pixels = new Uint16Array(W * H);
  const rowV = new Float32Array(w);
  const rowB1 = new Float32Array(w);
  const rowB2 = new Float32Array(w);
  const rowL = new Float32Array(w);
  const rowL2 = new Float32Array(w);
  let noise = r.noiseSeed | 0;
  const noiseAmp = 0.012 / 2147483648;
  const step = r.mirror ? -1 : 1;
  for (let y = 0; y < H; y++) {
    const cy = y / f;
    const j0 = Math.min(h - 2, Math.floor(cy));
    const ty = cy - j0;
    const a0 = j0 * w;
    const a1 = a0 + w;
    // Columns beyond both rows' breast extent (plus the interpolation cell) hold background only.
    const cols = Math.min(w, Math.max(insideCols[j0], insideCols[j0 + 1]) + 1);
    for (let i = 0; i < cols; i++) {
      rowV[i] = V[a0 + i] + (V[a1 + i] - V[a0 + i]) * ty;
      rowB1[i] = B1[a0 + i] + (B1[a1 + i] - B1[a0 + i]) * ty;
      rowB2[i] = B2[a0 + i] + (B2[a1 + i] - B2[a0 + i]) * ty;
      rowL[i] = LS[a0 + i] + (LS[a1 + i] - LS[a0 + i]) * ty;
      rowL2[i] = LS2[a0 + i] + (LS2[a1 + i] - LS2[a0 + i]) * ty;
    }
    const xBreast = Math.min(W, (cols - 1) * f);
    let k = r.mirror ? y * W + W - 1 : y * W;
    // Cell by cell: within a work-grid cell every quantity is linear in x, so it is stepped by a
    // constant increment, and the septa are skipped for a whole cell where they are too faint.
    const invF = 1 / f;
    for (let i = 0, x0 = 0; x0 < xBreast; i++, x0 += f) {
      const n = Math.min(f, xBreast - x0);
      const ia = Math.min(i, w - 2);
      // Past the last full cell (image width not a multiple of f) keep extrapolating the last cell.
      const t0 = (x0 - ia * f) * invF;
      const dV = (rowV[ia + 1] - rowV[ia]) * invF;
      let val0 = rowV[ia] + (rowV[ia + 1] - rowV[ia]) * t0;
      const lA = rowL[ia];
      const lB = rowL[ia + 1];
      const l2A = rowL2[ia];
      const l2B = rowL2[ia + 1];
      const septa = lA > 0.001 || lB > 0.001;
      const arcs = l2A > 0.001 || l2B > 0.001;
      if (!septa && !arcs) {
        for (let q = 0; q < n; q++, k += step, val0 += dV) {
          noise ^= noise << 13;
          noise ^= noise >>> 17;
          noise ^= noise << 5;
          const val = (val0 + noise * noiseAmp) * maxVal + 0.5;
          pixels[k] = val <= 0 ? 0 : val >= maxVal ? maxVal : val | 0;
        }
        continue;
      }
      const dL = (lB - lA) * invF;
      const dL2 = (l2B - l2A) * invF;
      const dB1 = (rowB1[ia + 1] - rowB1[ia]) * invF;
      const dB2 = (rowB2[ia + 1] - rowB2[ia]) * invF;
      let ls = lA + (lB - lA) * t0;
      let ls2 = l2A + (l2B - l2A) * t0;
      let b1v = rowB1[ia] + (rowB1[ia + 1] - rowB1[ia]) * t0;
      let b2v = rowB2[ia] + (rowB2[ia + 1] - rowB2[ia]) * t0;
      for (let q = 0; q < n; q++, k += step, val0 += dV, ls += dL, ls2 += dL2, b1v += dB1, b2v += dB2) {
        let val = val0;
        if (ls > 0.001) {
          const b1 = b1v * w1;
          const b1s = b1 * b1;
          val += (ls * dim) / (1 + b1s * b1s);
        }
        if (ls2 > 0.001) {
          const b2 = b2v * w2;
          const b2s = b2 * b2;
          val += (ls2 * dim) / (1 + b2s * b2s);
        }
        // xorshift32: cheap per-pixel quantum noise, deterministic.
        noise ^= noise << 13;
        noise ^= noise >>> 17;
        noise ^= noise << 5;
        val = (val + noise * noiseAmp) * maxVal + 0.5;
        pixels[k] = val <= 0 ? 0 : val >= maxVal ? maxVal : val | 0;
      }
    }
    const bg = BACKGROUND * maxVal + 0.5;
    const amp = noiseAmp * maxVal;
    for (let x = xBreast; x < W; x++, k += step) {
      noise ^= noise << 13;
      noise ^= noise >>> 17;
      noise ^= noise << 5;
      const val = bg + noise * amp;
      pixels[k] = val <= 0 ? 0 : val >= maxVal ? maxVal : val | 0;
    }
  }
  return pixels;
}
