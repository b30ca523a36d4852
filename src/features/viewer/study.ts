import type { ViewKey } from '../../../core/contract';
import type { DicomJson } from './cornerstone';

/** Helpers of the built-in viewer that need no Cornerstone: which instance is which view, its image id. */

const TAG = {
  series: '0020000E',
  sop: '00080018',
  imageLaterality: '00200062',
  laterality: '00200060',
  viewPosition: '00185101',
  patientOrientation: '00200020',
} as const;

function text(instance: DicomJson, tag: string): string {
  const value = instance[tag]?.Value?.[0];
  return typeof value === 'string' ? value.trim().toUpperCase() : '';
}

export const studyMetadataUrl = (apiBase: string, study: string) => `${apiBase}/dicomweb/studies/${encodeURIComponent(study)}/metadata`;

/** The view of an instance from ImageLaterality (else Laterality) and ViewPosition, or null. */
export function viewOf(instance: DicomJson): ViewKey | null {
  const side = text(instance, TAG.imageLaterality) || text(instance, TAG.laterality);
  const position = text(instance, TAG.viewPosition);
  const s = side === 'R' ? 'r' : side === 'L' ? 'l' : null;
  const p = position === 'CC' ? 'cc' : position === 'MLO' ? 'mlo' : null;
  return s && p ? (`${s}_${p}` as ViewKey) : null;
}

/** The first instance of each view in the study's metadata. */
export function findViews(instances: DicomJson[]): Partial<Record<ViewKey, DicomJson>> {
  const found: Partial<Record<ViewKey, DicomJson>> = {};
  for (const instance of instances) {
    const view = viewOf(instance);
    if (view && !found[view]) found[view] = instance;
  }
  return found;
}

/** The WADO-RS image id of an instance's single frame: wadors:<base>/studies/…/frames/1. */
export function wadorsImageId(dicomwebBase: string, study: string, instance: DicomJson): string | null {
  const series = instance[TAG.series]?.Value?.[0];
  const sop = instance[TAG.sop]?.Value?.[0];
  if (typeof series !== 'string' || typeof sop !== 'string') return null;
  const e = encodeURIComponent;
  return `wadors:${dicomwebBase}/dicomweb/studies/${e(study)}/series/${e(series)}/instances/${e(sop)}/frames/1`;
}

/**
 * Back to back: a right view shows its chest wall on the right (rows run towards posterior), a
 * left view on the left (rows run towards anterior). PatientOrientation's first value says where
 * the rows run; a view that runs the other way is flipped. Without it, the image is shown as stored.
 */
export function needsFlip(view: ViewKey, instance: DicomJson): boolean {
  const row = text(instance, TAG.patientOrientation).split('\\')[0] ?? '';
  const right = view.startsWith('r');
  if (right) return row.includes('A');
  return row.includes('P');
}

/** Why a view could not be loaded, in words, from whatever the loader rejected with. */
export function describeLoadError(error: unknown): string {
  const e = error as { request?: { status?: number }; error?: { status?: number; message?: string }; status?: number; message?: string } | null;
  const status = e?.request?.status ?? e?.error?.status ?? e?.status;
  if (status === 404) return 'the image was not found on the server.';
  if (status === 401 || status === 403) return 'the server did not allow reading it (sign in again).';
  if (typeof status === 'number' && status >= 400) return `the server answered ${status}.`;
  const message = error instanceof Error ? error.message : (e?.error?.message ?? e?.message);
  if (message) return `the image could not be decoded (${message}).`;
  return 'the image could not be decoded.';
}
