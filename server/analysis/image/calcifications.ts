import { erodeMask, labelComponents, type Component } from './components';
import { localMeanStd, whiteTopHat } from './filters';
import { createMask, maskedQuantiles, type Mask, type Raster } from './raster';
import { calcSuspicion } from './suspicion-models';

export interface CalcSpot {
  x: number;
  y: number;
  areaPx: number;
  /** Peak significance: top-hat above its local mean, in local SDs. */
  snr: number;
}

export interface CalcCluster {
  /** Centre and bounding box in analysis pixels (canonical orientation). */
  x: number;
  y: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  spots: CalcSpot[];
  meanSnr: number;
  /** Mean significance of the three brightest specks. */
  brightest: number;
  score: number;
}

/** Largest structure the top-hat keeps: about 1.4 mm across (calcifications are 0.1-1 mm). */
const TOP_HAT_RADIUS_MM = 0.7;
/** A speck: this many local SDs above its neighbourhood's top-hat, and clear of the global noise. */
const LOCAL_SNR = 4.5;
const GLOBAL_SNR = 3;
const LOCAL_RADIUS_MM = 2;
/** Specks are compact; longer bright pieces are vessels or ligament crossings. */
const MAX_ELONGATION = 3;
const MAX_SPOT_AREA_MM2 = 1.5;
const MAX_SPOTS = 400;
/** Three or more specks within 1 cm^2: the radius of a 1 cm^2 disc. */
const CLUSTER_RADIUS_MM = Math.sqrt(100 / Math.PI);
const MIN_CLUSTER_SPOTS = 3;


/**
 * Micro-calcifications: small bright spots that a white top-hat (image minus its grey opening)
 * isolates from the tissue background, kept when they stand out from their neighbourhood's top-hat
 * and are compact. Spots near the skin line are ignored (skin folds, nipple markers). A cluster is three or
 * more spots within a 1 cm^2 disc, as in clinical practice.
 */
export function findCalcifications(r: Raster, breast: Mask, spacingMm: number): { spots: CalcSpot[]; clusters: CalcCluster[] } {
  const { width: w, height: h } = r;
  const radius = Math.max(1, Math.round(TOP_HAT_RADIUS_MM / spacingMm));
  const th = whiteTopHat(r, radius);
  const inner = erodeMask(breast, Math.max(1, Math.round(3 / spacingMm)));
  const [med, q75] = maskedQuantiles(th, inner, [0.5, 0.75]);
  const noise = Math.max(1e-6, (q75 - med) / 0.6745);
  // Local statistics of the top-hat: bright curvilinear texture (ducts, ligaments) raises them,
  // so a speck must stand out from its own neighbourhood, not only from the breast as a whole.
  const localRadius = Math.max(2, Math.round(LOCAL_RADIUS_MM / spacingMm));
  const { mean: localMean, std: localSd } = localMeanStd(th, localRadius);
  const significance = new Float32Array(w * h);
  const bright = createMask(w, h);
  const { data: t } = th;
  const { data: m } = localMean;
  const { data: sd } = localSd;
  const { data: isInner } = inner;
  const { data: isBright } = bright;
  for (let i = 0; i < isBright.length; i++) {
    if (!isInner[i]) continue;
    const sig = (t[i] - m[i]) / Math.max(sd[i], 0.5 * noise);
    significance[i] = sig;
    isBright[i] = sig > LOCAL_SNR && t[i] > med + GLOBAL_SNR * noise ? 1 : 0;
  }
  const { labels, components } = labelComponents(bright);
  const maxArea = Math.max(1, MAX_SPOT_AREA_MM2 / (spacingMm * spacingMm));
  const peak = new Float64Array(components.length + 1);
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i];
    if (l && significance[i] > peak[l]) peak[l] = significance[i];
  }
  let spots: CalcSpot[] = components
    .filter((c) => c.area <= maxArea && elongation(c) <= MAX_ELONGATION)
    .map((c) => ({ x: c.sumX / c.area, y: c.sumY / c.area, areaPx: c.area, snr: peak[c.label] }));
  spots.sort((a, b) => b.snr - a.snr || a.y - b.y || a.x - b.x);
  spots = spots.slice(0, MAX_SPOTS);
  return { spots, clusters: clusterSpots(spots, CLUSTER_RADIUS_MM / spacingMm) };
}

function elongation(c: Component): number {
  const a = c.maxX - c.minX + 1;
  const b = c.maxY - c.minY + 1;
  return Math.max(a, b) / Math.min(a, b);
}

function clusterSpots(spots: CalcSpot[], radiusPx: number): CalcCluster[] {
  const n = spots.length;
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const clustered = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const near: number[] = [];
    for (let j = 0; j < n; j++) {
      if (Math.hypot(spots[i].x - spots[j].x, spots[i].y - spots[j].y) <= radiusPx) near.push(j);
    }
    if (near.length < MIN_CLUSTER_SPOTS) continue;
    for (const j of near) {
      clustered[j] = 1;
      parent[find(j)] = find(i);
    }
  }
  const groups = new Map<number, CalcSpot[]>();
  for (let i = 0; i < n; i++) {
    if (!clustered[i]) continue;
    const root = find(i);
    const g = groups.get(root) ?? [];
    g.push(spots[i]);
    groups.set(root, g);
  }
  const clusters: CalcCluster[] = [];
  for (const g of groups.values()) {
    const xs = g.map((s) => s.x);
    const ys = g.map((s) => s.y);
    const meanSnr = g.reduce((a, s) => a + s.snr, 0) / g.length;
    const top = g.map((s) => s.snr).sort((a, b) => b - a).slice(0, 3);
    const brightest = top.reduce((a, b) => a + b, 0) / top.length;
    clusters.push({
      x: xs.reduce((a, b) => a + b, 0) / g.length,
      y: ys.reduce((a, b) => a + b, 0) / g.length,
      minX: Math.min(...xs),
      minY: Math.min(...ys),
      maxX: Math.max(...xs),
      maxY: Math.max(...ys),
      spots: g,
      meanSnr,
      brightest,
      score: calcSuspicion({ count: g.length, brightest, meanSnr }),
    });
  }
  return clusters.sort((a, b) => b.score - a.score || a.y - b.y || a.x - b.x);
}
