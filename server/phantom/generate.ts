/**
 * The synthetic four-view screening study: one fictional woman, deterministic from a seed, with
 * its truth recorded. Views follow the usual display convention: right-breast views have the chest
 * wall on the right edge of the image (nipple pointing left), left-breast views on the left edge.
 */
import { VIEW_KEYS, type ViewKey } from '../../core/contract/scores';
import { deterministicUid, type PatientTags } from '../dicom/writer';
import { ccShape, drawBreastParams, mloShape, type BreastShape } from './geometry';
import { createRng, subSeed, type Rng } from './prng';
import { renderView, type CalcSpec, type MassSpec } from './render-view';
import { bandPass, powerLaw, synthesizeFields } from './texture';
import type { PhantomOptions, PhantomStudy, PhantomTruth, PhantomView, Side, ViewTruth } from './types';

export const FULL_FIELD = { width: 3328, height: 4096 } as const;
/** Field of view width in mm: 3328 pixels at 0.07 mm, as on common full-field detectors. */
const FIELD_WIDTH_MM = 3328 * 0.07;

const FIELD_TEXELS = 256;
const FIELD_TEXEL_MM = 1;

export function viewSide(key: ViewKey): Side {
  return key.startsWith('r') ? 'right' : 'left';
}

/** Where a finding sits inside one breast, independent of the view. */
interface FindingPlace {
  /** Distance from the nipple toward the chest wall as a fraction of the CC depth. */
  depth: number;
  /** Lateral (+) to medial (-), fraction of the half height. */
  lateral: number;
  /** Superior (+) to inferior (-), fraction of the half height. */
  superior: number;
}

/** The finding's centre in one view's canonical frame: same distance from the nipple in CC and MLO. */
function placeInView(place: FindingPlace, shape: BreastShape, ccDepth: number): { u: number; v: number } {
  const back = place.depth * ccDepth;
  if (shape.view === 'CC') {
    // Lateral is at the top of a CC image.
    return { u: shape.nipple.u - back, v: shape.nipple.v - place.lateral * shape.halfHeightMm * 0.6 };
  }
  // The MLO projection mixes superior and lateral (the detector is tilted about 45 degrees).
  const up = 0.75 * place.superior + 0.45 * place.lateral;
  return { u: shape.nipple.u - back, v: shape.nipple.v - up * shape.halfHeightMm * 0.5 };
}

function fits(shape: BreastShape, p: { u: number; v: number }, margin: number): boolean {
  if (p.u - margin < shape.pectoralAt(p.v) + 4) return false;
  for (const dv of [-margin, 0, margin]) {
    if (p.u + margin > shape.edgeAt(p.v + dv) - 3) return false;
  }
  return p.u - margin > 5;
}

function drawPlace(rng: Rng, shapes: BreastShape[], ccDepth: number, margin: number): FindingPlace {
  let place: FindingPlace = { depth: 0.45, lateral: 0, superior: 0 };
  for (let tries = 0; tries < 200; tries++) {
    const shrink = 1 - tries / 250;
    const candidate = {
      depth: rng.range(0.25, 0.7),
      lateral: rng.range(-0.6, 0.6) * shrink,
      superior: rng.range(-0.6, 0.6) * shrink,
    };
    if (shapes.every((s) => fits(s, placeInView(candidate, s, ccDepth), margin))) return candidate;
    place = { depth: 0.4, lateral: 0, superior: 0 };
  }
  return place;
}

const DEFAULT_PATIENT: PatientTags = { id: 'PHANTOM-0001', name: 'Phantom^Jane', birthDate: '19680412', sex: 'F' };

export function generateStudy(opts: PhantomOptions): PhantomStudy {
  const seed = opts.seed >>> 0;
  const W = opts.width ?? FULL_FIELD.width;
  const H = opts.height ?? FULL_FIELD.height;
  const spacing = FIELD_WIDTH_MM / W;
  const fieldH = H * spacing;
  const rng = createRng(subSeed(seed, 'study'));
  const density = Math.min(0.95, Math.max(0.01, opts.density ?? rng.range(0.1, 0.6)));
  const thickness = opts.thicknessMm ?? rng.range(40, 70);
  const params = drawBreastParams(rng, FIELD_WIDTH_MM, fieldH, opts.breastDepthMm);
  const thicknessMm = { left: thickness * (1 + 0.03 * rng.normal()), right: thickness * (1 + 0.03 * rng.normal()) };
  const shapes: Record<ViewKey, BreastShape> = {
    r_cc: ccShape(params.right),
    l_cc: ccShape(params.left),
    r_mlo: mloShape(params.right, fieldH),
    l_mlo: mloShape(params.left, fieldH),
  };
  const ccDepth = (side: Side) => shapes[side === 'right' ? 'r_cc' : 'l_cc'].depthMm;
  const sideShapes = (side: Side) => (side === 'right' ? [shapes.r_cc, shapes.r_mlo] : [shapes.l_cc, shapes.l_mlo]);

  // Findings: one place per breast, projected into both of its views.
  const lesionRng = createRng(subSeed(seed, 'lesions'));
  let massTruth: PhantomTruth['mass'] = null;
  let massPlace: FindingPlace | null = null;
  let massShape: Omit<MassSpec, 'u' | 'v'> | null = null;
  if (opts.mass) {
    const sizeMm = opts.mass.sizeMm ?? lesionRng.range(8, 20);
    const margin = opts.mass.margin ?? 'spiculated';
    const radiusMm = sizeMm / 2;
    massPlace = drawPlace(lesionRng, sideShapes(opts.mass.breast), ccDepth(opts.mass.breast), radiusMm * 1.3);
    const harmonics = [2, 3, 5].map((k) => ({
      k,
      amp: (margin === 'round' ? 0.03 : 0.1) * lesionRng.next(),
      phase: lesionRng.range(0, 2 * Math.PI),
    }));
    const spicules =
      margin === 'spiculated'
        ? Array.from({ length: 10 + Math.floor(lesionRng.next() * 8) }, () => ({
            angle: lesionRng.range(0, 2 * Math.PI),
            length: lesionRng.range(1.8, 3),
          }))
        : [];
    const contrast = opts.mass.contrast ?? 1;
    massShape = { radiusMm, margin, contrast, harmonics, spicules };
    massTruth = { breast: opts.mass.breast, sizeMm, margin, contrast, distanceFromNippleMm: massPlace.depth * ccDepth(opts.mass.breast) };
  }
  let calcTruth: PhantomTruth['calcifications'] = null;
  let calcPlace: FindingPlace | null = null;
  let calcOffsets: { du: number; dv: number; r: number }[] = [];
  if (opts.calcifications) {
    const count = opts.calcifications.count ?? 5 + Math.floor(lesionRng.next() * 8);
    calcPlace = drawPlace(lesionRng, sideShapes(opts.calcifications.breast), ccDepth(opts.calcifications.breast), 8);
    const spread = lesionRng.range(2.5, 5);
    calcOffsets = Array.from({ length: count }, () => ({
      du: lesionRng.normal() * spread * 0.6,
      dv: lesionRng.normal() * spread * 0.6,
      r: lesionRng.range(0.12, 0.3),
    }));
    calcTruth = {
      breast: opts.calcifications.breast,
      count,
      distanceFromNippleMm: calcPlace.depth * ccDepth(opts.calcifications.breast),
    };
  }

  const views = {} as Record<ViewKey, PhantomView>;
  const truthViews = {} as Record<ViewKey, ViewTruth>;
  const bitsStored = opts.bitsStored ?? 12;
  const photometric = opts.photometric ?? 'MONOCHROME2';
  let denseArea = 0;
  let breastArea = 0;
  // Texture fields are periodic; the views read them at different offsets (cheaper than one
  // synthesis per view, and no two views share a texture patch).
  const fieldRng = createRng(subSeed(seed, 'fields'));
  const [glandField, fatField] = synthesizeFields(fieldRng, FIELD_TEXELS, FIELD_TEXEL_MM, powerLaw(3, 1 / 60));
  const [septa, septaFine] = synthesizeFields(fieldRng, FIELD_TEXELS, FIELD_TEXEL_MM, bandPass(1 / 6, 0.6));
  const period = FIELD_TEXELS * FIELD_TEXEL_MM;
  for (const [index, key] of VIEW_KEYS.entries()) {
    const side = viewSide(key);
    const shape = shapes[key];
    let mass: MassSpec | null = null;
    if (massPlace && massShape && opts.mass?.breast === side) {
      mass = { ...massShape, ...placeInView(massPlace, shape, ccDepth(side)) };
    }
    let calcs: CalcSpec | null = null;
    if (calcPlace && opts.calcifications?.breast === side) {
      const c = placeInView(calcPlace, shape, ccDepth(side));
      calcs = { points: calcOffsets.map((o) => ({ u: c.u + o.du, v: c.v + o.dv, radiusMm: o.r })) };
    }
    const out = renderView({
      shape,
      width: W,
      height: H,
      spacingMm: spacing,
      mirror: side === 'right',
      density,
      thicknessMm: thicknessMm[side],
      gland: glandField,
      fat: fatField,
      septa,
      septaFine,
      fieldOffsetMm: [(index * period) / 4 + fieldRng.range(0, 20), ((index * 3 + 1) % 4) * (period / 4) + fieldRng.range(0, 20)],
      mass,
      calcs,
      bitsStored,
      photometric,
      rng: createRng(subSeed(seed, `noise-${key}`)),
    });
    views[key] = {
      key,
      laterality: side === 'right' ? 'R' : 'L',
      viewPosition: key.endsWith('mlo') ? 'MLO' : 'CC',
      width: W,
      height: H,
      pixels: out.pixels,
      bitsStored,
      photometric,
    };
    truthViews[key] = {
      denseFraction: out.denseFraction,
      denseMap: out.denseMap,
      breastMask: out.breastMask,
      mass: out.mass,
      calcifications: out.calcifications,
      calcificationPoints: out.calcificationPoints,
      nipple: out.nipple,
      pectoral: out.pectoral,
      chestWall: side,
    };
    let b = 0;
    for (let i = 0; i < out.breastMask.data.length; i++) b += out.breastMask.data[i];
    breastArea += b;
    denseArea += out.denseFraction * b;
  }

  const studyInstanceUid = deterministicUid(seed, 'study');
  const seriesInstanceUids = {} as Record<ViewKey, string>;
  const sopInstanceUids = {} as Record<ViewKey, string>;
  for (const key of VIEW_KEYS) {
    seriesInstanceUids[key] = deterministicUid(seed, `series-${key}`);
    sopInstanceUids[key] = deterministicUid(seed, `sop-${key}`);
  }
  return {
    seed,
    views,
    truth: {
      requestedDensity: density,
      denseFraction: breastArea ? denseArea / breastArea : 0,
      thicknessMm,
      breastDepthMm: { left: shapes.l_cc.depthMm, right: shapes.r_cc.depthMm },
      mass: massTruth,
      calcifications: calcTruth,
      views: truthViews,
    },
    pixelSpacingMm: [spacing, spacing],
    patient: opts.patient ?? DEFAULT_PATIENT,
    studyDate: opts.studyDate ?? '20250115',
    studyInstanceUid,
    seriesInstanceUids,
    sopInstanceUids,
  };
}
