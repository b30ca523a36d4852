import type { Region, ViewKey } from '../../../core/contract/scores';
import { findAsymmetry } from './asymmetry';
import { agreementScore, DETECTION_WEIGHTS, imageShift, shiftedScore, type AgreementModel, type RegionPolicy } from './suspicion-models';
import type { ViewAnalysis } from './view';

export interface Finding {
  key: ViewKey;
  kind: Region['kind'];
  /** Box in the view's coarse canonical pixels (chest wall left). */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Distance of the centre from the nipple, mm (null when the nipple was not found). */
  nippleDistanceMm: number | null;
  /** Suspicion from the view alone. */
  ownScore: number;
  /** After CC/MLO agreement. */
  score: number;
}

export interface ViewDetection {
  key: ViewKey;
  /** Per-view suspicion in [0, 1]: the highest finding; null when the view could not be analysed. */
  score: number | null;
  reason?: string;
  /** The findings reported (see selectRegions), most suspicious first. */
  findings: Finding[];
  regions: Region[];
}

/**
 * Detection for the four views: each view's mass candidates and calcification clusters, the
 * left-right asymmetry of each view position, then CC/MLO agreement per breast. A view's score
 * is its most suspicious finding.
 */
export function detectStudy(
  views: Partial<Record<ViewKey, ViewAnalysis>>,
  agreement: AgreementModel = DETECTION_WEIGHTS.agreement,
  policy: RegionPolicy = DETECTION_WEIGHTS.regions,
): Record<ViewKey, ViewDetection> {
  const findings: Record<ViewKey, Finding[]> = { r_cc: [], l_cc: [], r_mlo: [], l_mlo: [] };
  for (const key of Object.keys(findings) as ViewKey[]) {
    const v = views[key];
    if (v) findings[key] = ownFindings(v);
  }
  for (const [r, l] of [['r_cc', 'l_cc'], ['r_mlo', 'l_mlo']] as const) {
    const a = views[r];
    const b = views[l];
    if (!a || !b) continue;
    const asym = findAsymmetry(a, b);
    if (!asym) continue;
    const owner = views[asym.key]!;
    findings[asym.key].push(
      finding(owner, 'asymmetry', asym.minX, asym.minY, asym.maxX, asym.maxY, asym.score),
    );
  }
  for (const [cc, mlo] of [['r_cc', 'r_mlo'], ['l_cc', 'l_mlo']] as const) {
    const a = findings[cc].map((f) => f.ownScore);
    const b = findings[mlo].map((f) => f.ownScore);
    reinforce(findings[cc], findings[mlo], b, agreement);
    reinforce(findings[mlo], findings[cc], a, agreement);
  }
  const out = {} as Record<ViewKey, ViewDetection>;
  for (const key of Object.keys(findings) as ViewKey[]) {
    const v = views[key];
    if (!v) {
      out[key] = { key, score: null, reason: 'view missing or not analysable', findings: [], regions: [] };
      continue;
    }
    if (!v.density) {
      out[key] = { key, score: null, reason: 'no breast tissue found in the image', findings: [], regions: [] };
      continue;
    }
    const sorted = [...findings[key]].sort((x, y) => y.score - x.score || x.minY - y.minY || x.minX - y.minX);
    const centred = sorted.map((f) => ({ f, score: f.score, xMm: ((f.minX + f.maxX) / 2) * v.coarseSpacingMm, yMm: ((f.minY + f.maxY) / 2) * v.coarseSpacingMm }));
    const shown = selectRegions(centred, policy).map((c) => c.f);
    out[key] = { key, score: sorted.length ? sorted[0].score : 0, findings: shown, regions: shown.map((f) => toRegion(v, f)) };
  }
  return out;
}

type Box = { minX: number; minY: number; maxX: number; maxY: number };

/**
 * The findings a view shows, from its findings sorted most suspicious first: the first always,
 * then those at or above the report threshold whose centre is not within the suppression
 * distance of one already shown, up to the maximum. The training script applies the same rule to
 * its cross-validated scores, so the figures it prints are those of what the overlay shows.
 */
export function selectRegions<T extends { score: number; xMm: number; yMm: number }>(sorted: readonly T[], policy: RegionPolicy): T[] {
  const kept: T[] = [];
  for (const c of sorted) {
    if (kept.length >= policy.max) break;
    if (kept.length > 0 && c.score < policy.reportThreshold) break;
    if (kept.some((k) => Math.hypot(k.xMm - c.xMm, k.yMm - c.yMm) < policy.suppressionMm)) continue;
    kept.push(c);
  }
  return kept;
}

/** The box a mass candidate is reported with (coarse canonical pixels): a margin around its disc. */
export function massBox(m: { x: number; y: number; radiusPx: number }): Box {
  const r = m.radiusPx * 1.25;
  return { minX: m.x - r, minY: m.y - r, maxX: m.x + r, maxY: m.y + r };
}

/** The box a calcification cluster is reported with: its specks plus 1 mm. */
export function clusterBox(v: ViewAnalysis, c: Box): Box {
  const pad = 1 / v.coarseSpacingMm;
  return { minX: c.minX - pad, minY: c.minY - pad, maxX: c.maxX + pad, maxY: c.maxY + pad };
}

/** A view's own findings, their scores shifted by the image's normalisation (imageShift). */
function ownFindings(v: ViewAnalysis): Finding[] {
  const out: Finding[] = [];
  const shift = imageShift(v.masses.map((m) => m.score));
  for (const m of v.masses) {
    const b = massBox(m);
    out.push(finding(v, 'mass', b.minX, b.minY, b.maxX, b.maxY, shiftedScore(m.score, shift)));
  }
  for (const c of v.calcClusters) {
    const b = clusterBox(v, c);
    out.push(finding(v, 'calcification', b.minX, b.minY, b.maxX, b.maxY, shiftedScore(c.score, shift)));
  }
  return out;
}

function finding(v: ViewAnalysis, kind: Region['kind'], minX: number, minY: number, maxX: number, maxY: number, score: number): Finding {
  return { key: v.key, kind, minX, minY, maxX, maxY, nippleDistanceMm: nippleDistanceMm(v, minX, minY, maxX, maxY), ownScore: score, score };
}

/** Distance of a box's centre (coarse canonical pixels) from the view's nipple, mm; null without a nipple. */
export function nippleDistanceMm(v: ViewAnalysis, minX: number, minY: number, maxX: number, maxY: number): number | null {
  if (!v.nipple) return null;
  return Math.hypot((minX + maxX) / 2 - v.nipple.x, (minY + maxY) / 2 - v.nipple.y) * v.coarseSpacingMm;
}

/** Partners of a finding in the other view: same kind, nipple distances at most `distanceMm` apart. */
export function isPartner(a: { kind: string; nippleDistanceMm: number | null }, b: { kind: string; nippleDistanceMm: number | null }, distanceMm: number): boolean {
  return a.kind === b.kind && a.nippleDistanceMm !== null && b.nippleDistanceMm !== null && Math.abs(a.nippleDistanceMm - b.nippleDistanceMm) <= distanceMm;
}

/**
 * CC/MLO agreement (as in multi-view CAD, e.g. van Engeland and Karssemeijer 2007): a finding
 * with a partner of the same kind at a similar nipple distance in the other view of the breast
 * becomes more suspicious. Uses the partners' own scores so the order of views does not matter.
 */
function reinforce(target: Finding[], others: Finding[], otherScores: number[], agreement: AgreementModel): void {
  for (const f of target) {
    let partner = 0;
    others.forEach((o, i) => {
      if (isPartner(f, o, agreement.distanceMm)) partner = Math.max(partner, otherScores[i]);
    });
    f.score = agreementScore(f.ownScore, partner, agreement.gain);
  }
}

/** A canonical coarse box as a Region in fractions of the display image (undoing the flip). */
export function toRegion(v: ViewAnalysis, f: Finding): Region {
  const [sy, sx] = v.coarseScale;
  const clamp = (t: number) => Math.min(1, Math.max(0, t));
  let x0 = clamp((f.minX * sx) / v.displayWidth);
  let x1 = clamp(((f.maxX + 1) * sx) / v.displayWidth);
  if (v.flipped) [x0, x1] = [1 - x1, 1 - x0];
  const y0 = clamp((f.minY * sy) / v.displayHeight);
  const y1 = clamp(((f.maxY + 1) * sy) / v.displayHeight);
  return { view: v.key, kind: f.kind, x: x0, y: y0, width: x1 - x0, height: y1 - y0, score: f.score };
}
