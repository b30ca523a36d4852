/**
 * The display image of one view: windowed to 8 bits and scaled to about 1024 px high
 * (engine.ts displaySize). The three overlays of the results screen cover the same whole image at
 * the analysis grid's size, so stretched over it they lie exactly on it.
 */
import sharp from 'sharp';
import { displaySize } from '../analysis/engine';
import type { DecodedView } from './types';

const BINS = 4096;

/** Otsu's threshold on a histogram: the bin that best separates background from breast. */
function otsu(hist: Uint32Array, total: number): number {
  let sumAll = 0;
  for (let i = 0; i < hist.length; i++) sumAll += i * hist[i];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let at = 0;
  for (let i = 0; i < hist.length; i++) {
    wB += hist[i];
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += i * hist[i];
    const between = wB * wF * (sumB / wB - (sumAll - sumB) / wF) ** 2;
    if (between > best) {
      best = between;
      at = i;
    }
  }
  return at;
}

function percentileBin(hist: Uint32Array, from: number, fraction: number): number {
  let total = 0;
  for (let i = from; i < hist.length; i++) total += hist[i];
  let seen = 0;
  for (let i = from; i < hist.length; i++) {
    seen += hist[i];
    if (seen >= total * fraction) return i;
  }
  return hist.length - 1;
}

/**
 * The window to show: the file's own VOI window when it has one, otherwise the range of the
 * breast tissue (Otsu separates it from the background; 0.5th to 99.8th percentile inside it).
 */
export function displayWindow(view: Pick<DecodedView, 'pixels' | 'minValue' | 'maxValue' | 'window'>): { lo: number; hi: number } {
  if (view.window) return { lo: view.window.center - view.window.width / 2, hi: view.window.center + view.window.width / 2 };
  const span = Math.max(1e-6, view.maxValue - view.minValue);
  const hist = new Uint32Array(BINS);
  const px = view.pixels;
  for (let i = 0; i < px.length; i++) {
    const b = Math.min(BINS - 1, Math.max(0, Math.floor(((px[i] - view.minValue) / span) * BINS)));
    hist[b]++;
  }
  const t = otsu(hist, px.length);
  const lo = percentileBin(hist, t + 1, 0.005);
  const hi = Math.max(lo + 1, percentileBin(hist, t + 1, 0.998));
  const toValue = (bin: number) => view.minValue + (bin / BINS) * span;
  // Keep a little of the background's grey so the skin line stays visible.
  return { lo: toValue(Math.max(0, t - (lo - t) * 0.5)), hi: toValue(hi) };
}

/** 8-bit greyscale PNG of the view, windowed, at the display size. */
export async function renderDisplayPng(view: DecodedView): Promise<Buffer> {
  const { lo, hi } = displayWindow(view);
  const scale = 255 / Math.max(1e-6, hi - lo);
  const grey = new Uint8Array(view.width * view.height);
  const px = view.pixels;
  for (let i = 0; i < px.length; i++) {
    const v = (px[i] - lo) * scale;
    grey[i] = v <= 0 ? 0 : v >= 255 ? 255 : v;
  }
  const size = displaySize(view);
  return sharp(Buffer.from(grey.buffer), { raw: { width: view.width, height: view.height, channels: 1 } })
    .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();
}
