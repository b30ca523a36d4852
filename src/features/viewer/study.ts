import type { ViewKey } from '../../../core/contract';
import { msg } from '../../../core/i18n';
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

/** The DICOMweb path of an instance: <base>/dicomweb/studies/…/series/…/instances/…, or null without its UIDs. */
function instancePath(dicomwebBase: string, study: string, instance: DicomJson): string | null {
  const series = instance[TAG.series]?.Value?.[0];
  const sop = instance[TAG.sop]?.Value?.[0];
  if (typeof series !== 'string' || typeof sop !== 'string') return null;
  const e = encodeURIComponent;
  return `${dicomwebBase}/dicomweb/studies/${e(study)}/series/${e(series)}/instances/${e(sop)}`;
}

/** The WADO-RS image id of an instance's single frame: wadors:<base>/studies/…/frames/1. */
export function wadorsImageId(dicomwebBase: string, study: string, instance: DicomJson): string | null {
  const path = instancePath(dicomwebBase, study, instance);
  return path && `wadors:${path}/frames/1`;
}

/**
 * The server's display image of an instance (WADO-RS /rendered: windowed to 8 bits, about 1024 px
 * high), shown while the full frame is fetched and decoded.
 */
export function renderedUrl(dicomwebBase: string, study: string, instance: DicomJson): string | null {
  const path = instancePath(dicomwebBase, study, instance);
  return path && `${path}/rendered`;
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

/** A text kept in English with its values, translated where it is shown: `t(w.text, w.values)`. */
export interface Words {
  text: string;
  values?: Record<string, string | number>;
}

/** Why a view could not be loaded, in words, from whatever the loader rejected with. */
export function describeLoadError(error: unknown): Words {
  const e = error as { request?: { status?: number }; error?: { status?: number; message?: string }; status?: number; message?: string } | null;
  const status = e?.request?.status ?? e?.error?.status ?? e?.status;
  if (status === 404) return { text: msg('the image was not found on the server.') };
  if (status === 401 || status === 403) return { text: msg('the server did not allow reading it (sign in again).') };
  if (typeof status === 'number' && status >= 400) return { text: msg('the server answered {{status}}.'), values: { status } };
  const message = error instanceof Error ? error.message : (e?.error?.message ?? e?.message);
  if (message) return { text: msg('the image could not be decoded ({{message}}).'), values: { message } };
  return { text: msg('the image could not be decoded.') };
}
