/**
 * Breast outlines of the four views, in a canonical frame: u = mm from the chest wall (image
 * column edge), v = mm from the top of the image. Right views are mirrored into the image later.
 */
import type { Rng } from './prng';

export interface BreastShape {
  view: 'CC' | 'MLO';
  /** Chest wall to nipple, mm. */
  depthMm: number;
  nipple: { u: number; v: number };
  /** Distance from the chest wall to the skin along the row at height v (0 where no breast). */
  edgeAt(v: number): number;
  /** MLO: the pectoral muscle edge, u at height v (0 below the muscle). */
  pectoralAt(v: number): number;
  pectoral: { topU: number; edgeV: number } | null;
  /** Where the fibroglandular tissue concentrates, and how far it spreads. */
  gland: { u: number; v: number; su: number; sv: number };
  /** Half the vertical extent of the breast, mm (for placing findings). */
  halfHeightMm: number;
}

export interface BreastParams {
  depthCcMm: number;
  halfWidthCcMm: number;
  centreCcMm: number;
  mloDepthFactor: number;
  axillaFraction: number;
  nippleRowFraction: number;
  foldRowFraction: number;
  pectoralTopFraction: number;
  pectoralLengthFraction: number;
  frontExponent: number;
}

/** Size and shape of one woman's breasts, drawn from the seed (the two sides differ slightly). */
export function drawBreastParams(
  rng: Rng,
  fieldW: number,
  fieldH: number,
  /** Requested CC depth (chest wall to nipple), mm; drawn when absent. */
  depthMm?: number,
): { left: BreastParams; right: BreastParams } {
  // Proportions read off real screening exams: the breast fills most of the detector's height at
  // the chest wall and 40-65 % of its width, with a rather pointed (parabolic) front.
  const base: BreastParams = {
    depthCcMm: fieldW * rng.range(0.48, 0.66),
    halfWidthCcMm: Math.min(fieldH * rng.range(0.36, 0.45), fieldH / 2 - 6),
    centreCcMm: fieldH * rng.range(0.47, 0.53),
    mloDepthFactor: rng.range(1.05, 1.18),
    axillaFraction: rng.range(0.55, 0.72),
    nippleRowFraction: rng.range(0.55, 0.65),
    foldRowFraction: rng.range(0.9, 0.97),
    pectoralTopFraction: rng.range(0.38, 0.52),
    pectoralLengthFraction: rng.range(0.55, 0.8),
    frontExponent: rng.range(1.2, 1.6),
  };
  // Drawn first either way, so a requested depth changes nothing else about the woman.
  if (depthMm !== undefined) base.depthCcMm = Math.min(Math.max(depthMm, 40), fieldW * 0.8);
  const vary = (p: BreastParams): BreastParams => ({
    ...p,
    depthCcMm: p.depthCcMm * (1 + 0.03 * rng.normal()),
    halfWidthCcMm: Math.min(p.halfWidthCcMm * (1 + 0.02 * rng.normal()), fieldH / 2 - 6),
  });
  return { left: vary(base), right: vary(base) };
}

const NIPPLE_MM = 3;
const NIPPLE_RADIUS_MM = 5;

function nippleBump(v: number, vn: number): number {
  const t = (v - vn) / NIPPLE_RADIUS_MM;
  return t * t < 1 ? NIPPLE_MM * Math.sqrt(1 - t * t) : 0;
}

export function ccShape(p: BreastParams): BreastShape {
  const D = p.depthCcMm;
  const vc = p.centreCcMm;
  // The lateral half (top of a CC image) is usually a little fuller than the medial half.
  const hUp = p.halfWidthCcMm * 1.04;
  const hDown = p.halfWidthCcMm * 0.96;
  const edgeAt = (v: number) => {
    const dv = v < vc ? (vc - v) / hUp : (v - vc) / hDown;
    if (dv >= 1) return 0;
    return D * Math.pow(1 - dv * dv, 1 / p.frontExponent) + nippleBump(v, vc);
  };
  return {
    view: 'CC',
    depthMm: D,
    nipple: { u: D + NIPPLE_MM, v: vc },
    edgeAt,
    pectoralAt: () => 0,
    pectoral: null,
    gland: { u: D * 0.56, v: vc - 0.08 * p.halfWidthCcMm, su: D * 0.32, sv: p.halfWidthCcMm * 0.45 },
    halfHeightMm: p.halfWidthCcMm,
  };
}

export function mloShape(p: BreastParams, fieldH: number): BreastShape {
  const D = p.depthCcMm * p.mloDepthFactor;
  const top = D * p.axillaFraction;
  const vn = fieldH * p.nippleRowFraction;
  const vb = fieldH * p.foldRowFraction;
  const pecTop = D * p.pectoralTopFraction;
  const pecLen = fieldH * p.pectoralLengthFraction;
  const edgeAt = (v: number) => {
    if (v < 0) return top;
    if (v <= vn) {
      // From the axilla the outline runs almost straight and obliquely out to its fullest at the
      // nipple row (a convex arc, as in real MLO views, not a waist).
      const t = v / vn;
      return top + (D - top) * Math.pow(Math.sin((Math.PI / 2) * t), 0.85) + nippleBump(v, vn);
    }
    const t = (v - vn) / (vb - vn);
    if (t >= 1) return 0;
    return D * Math.pow(1 - Math.pow(t, 2.4), 1 / p.frontExponent) + nippleBump(v, vn);
  };
  // A slightly convex muscle edge, as usually seen.
  const pectoralAt = (v: number) => (v >= pecLen ? 0 : pecTop * Math.pow(1 - v / pecLen, 0.85));
  return {
    view: 'MLO',
    depthMm: D,
    nipple: { u: D + NIPPLE_MM, v: vn },
    edgeAt,
    pectoralAt,
    pectoral: { topU: pecTop, edgeV: pecLen },
    gland: { u: D * 0.56, v: vn - 0.1 * vb, su: D * 0.32, sv: vb * 0.22 },
    halfHeightMm: vb / 2,
  };
}
