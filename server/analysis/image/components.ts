import { createMask, type Mask } from './raster';

export interface Component {
  label: number;
  area: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  sumX: number;
  sumY: number;
}

export interface Labelling {
  /** 0 = background, otherwise component label (1-based, in scan order). */
  labels: Int32Array;
  components: Component[];
}

/** Connected components of the set pixels, 8-connected, in scan order (deterministic). */
export function labelComponents(mask: Mask): Labelling {
  const { width: w, height: h, data } = mask;
  const labels = new Int32Array(w * h);
  const stack = new Int32Array(w * h);
  const components: Component[] = [];
  for (let start = 0; start < data.length; start++) {
    if (!data[start] || labels[start]) continue;
    const label = components.length + 1;
    const c: Component = { label, area: 0, minX: w, minY: h, maxX: -1, maxY: -1, sumX: 0, sumY: 0 };
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const p = stack[--top];
      const x = p % w;
      const y = (p - x) / w;
      c.area++;
      c.sumX += x;
      c.sumY += y;
      if (x < c.minX) c.minX = x;
      if (x > c.maxX) c.maxX = x;
      if (y < c.minY) c.minY = y;
      if (y > c.maxY) c.maxY = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= w) continue;
          const q = ny * w + nx;
          if (data[q] && !labels[q]) {
            labels[q] = label;
            stack[top++] = q;
          }
        }
      }
    }
    components.push(c);
  }
  return { labels, components };
}

export function maskOfLabel(labels: Int32Array, width: number, height: number, label: number): Mask {
  const m = createMask(width, height);
  for (let i = 0; i < labels.length; i++) m.data[i] = labels[i] === label ? 1 : 0;
  return m;
}

/** Keep only the largest component (ties: the first in scan order). */
export function largestComponent(mask: Mask): { mask: Mask; others: Component[] } {
  const { labels, components } = labelComponents(mask);
  if (components.length === 0) return { mask: createMask(mask.width, mask.height), others: [] };
  let best = components[0];
  for (const c of components) if (c.area > best.area) best = c;
  return {
    mask: maskOfLabel(labels, mask.width, mask.height, best.label),
    others: components.filter((c) => c !== best),
  };
}

/** Fill background regions that do not touch the image border. */
export function fillHoles(mask: Mask): Mask {
  const { width: w, height: h } = mask;
  const inv = createMask(w, h);
  for (let i = 0; i < inv.data.length; i++) inv.data[i] = mask.data[i] ? 0 : 1;
  const { labels, components } = labelComponents(inv);
  const touches = new Uint8Array(components.length + 1);
  for (const c of components) {
    if (c.minX === 0 || c.minY === 0 || c.maxX === w - 1 || c.maxY === h - 1) touches[c.label] = 1;
  }
  const out = createMask(w, h);
  for (let i = 0; i < out.data.length; i++) {
    const l = labels[i];
    out.data[i] = mask.data[i] || (l && !touches[l]) ? 1 : 0;
  }
  return out;
}

/** Binary erosion with a square of side 2r+1, via a distance-free separable min. */
export function erodeMask(mask: Mask, radius: number): Mask {
  return separableMaskOp(mask, radius, true);
}

export function dilateMask(mask: Mask, radius: number): Mask {
  return separableMaskOp(mask, radius, false);
}

function separableMaskOp(mask: Mask, r: number, erode: boolean): Mask {
  const { width: w, height: h } = mask;
  const src = mask.data;
  const tmp = new Uint8Array(w * h);
  const out = createMask(w, h);
  const dst = out.data;
  // Run lengths make each pass linear: count set pixels in a sliding window.
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let count = 0;
    for (let x = -r; x <= r; x++) if (x >= 0 && x < w) count += src[row + x];
    for (let x = 0; x < w; x++) {
      const win = Math.min(w - 1, x + r) - Math.max(0, x - r) + 1;
      tmp[row + x] = erode ? (count === win ? 1 : 0) : count > 0 ? 1 : 0;
      if (x + r + 1 < w) count += src[row + x + r + 1];
      if (x - r >= 0) count -= src[row + x - r];
    }
  }
  // The column pass keeps one count per column and walks the rows in memory order.
  const counts = new Int32Array(w);
  for (let y = 0; y <= Math.min(h - 1, r); y++) for (let x = 0; x < w; x++) counts[x] += tmp[y * w + x];
  for (let y = 0; y < h; y++) {
    const win = Math.min(h - 1, y + r) - Math.max(0, y - r) + 1;
    const row = y * w;
    if (erode) for (let x = 0; x < w; x++) dst[row + x] = counts[x] === win ? 1 : 0;
    else for (let x = 0; x < w; x++) dst[row + x] = counts[x] > 0 ? 1 : 0;
    if (y + r + 1 < h) for (let x = 0, add = (y + r + 1) * w; x < w; x++) counts[x] += tmp[add + x];
    if (y - r >= 0) for (let x = 0, sub = (y - r) * w; x < w; x++) counts[x] -= tmp[sub + x];
  }
  return out;
}
