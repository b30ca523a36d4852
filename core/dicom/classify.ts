import { VIEW_LABELS, type ViewKey } from '../contract/scores';

export { VIEW_LABELS };
import { msg } from '../i18n';
import { unsupportedFileMessage } from '../validation';
import { readHeader, type HeaderInfo, type HeaderRead } from './header';

/**
 * The rules that decide which of the four views a DICOM file is, shared by the browser worker and
 * the server (spec section 5). They read only the header, from a prefix of the file.
 */

export { readHeader, type HeaderInfo, type HeaderRead } from './header';

export const ALLOWED_SOP_CLASSES: Record<string, string> = {
  '1.2.840.10008.5.1.4.1.1.1.2': 'Digital Mammography X-Ray Image - For Presentation',
  '1.2.840.10008.5.1.4.1.1.1.2.1': 'Digital Mammography X-Ray Image - For Processing',
  '1.2.840.10008.5.1.4.1.1.7': 'Secondary Capture Image',
};

export const VIEW_KEYS_IN_ORDER: readonly ViewKey[] = ['r_cc', 'r_mlo', 'l_cc', 'l_mlo'];

export type RejectReason = 'not-dicom' | 'sop-class' | 'laterality' | 'view-position' | 'incomplete';

export type Classification =
  | { ok: true; key: ViewKey; laterality: 'R' | 'L'; viewPosition: 'CC' | 'MLO'; info: HeaderInfo }
  | {
      ok: false;
      reason: RejectReason;
      /** What the person sees: the spec's sentence when a contact address is given, else `detail`. */
      message: string;
      /** What exactly was wrong, for logs and for the admin modal. */
      detail: string;
      info?: HeaderInfo;
    };

function reject(reason: RejectReason, detail: string, contactEmail: string | undefined, info?: HeaderInfo): Classification {
  // An incomplete read is not the file's fault: the caller reads more, so no spec sentence for it.
  const message = contactEmail && reason !== 'incomplete' ? unsupportedFileMessage(contactEmail) : detail;
  return info ? { ok: false, reason, message, detail, info } : { ok: false, reason, message, detail };
}

/**
 * A tag the file does not have. The texts below are shown translated (src/features/submit/messages.ts
 * knows the templates of those built with values), so their English must stay as it is.
 */
const MISSING = msg('(missing)');

/** Applies the rules to what readHeader found. `contactEmail` turns rejections into the spec's sentence. */
export function classifyHeader(h: HeaderRead, contactEmail?: string): Classification {
  if (!h.dicom) {
    if (!h.complete) return reject('incomplete', msg('The file is too short to tell whether it is DICOM.'), contactEmail);
    return reject('not-dicom', msg('The file is not a DICOM file (no DICM marker at byte 128).'), contactEmail);
  }
  const info = h.info ?? undefined;
  if (!h.complete || !info) return reject('incomplete', msg('The DICOM header ended before the view tags: read more of the file.'), contactEmail, info);
  if (!info.sopClassUid || !ALLOWED_SOP_CLASSES[info.sopClassUid]) {
    return reject('sop-class', `The SOP class ${info.sopClassUid ?? MISSING} is not a mammogram or secondary capture image.`, contactEmail, info);
  }
  const laterality = info.laterality === 'R' || info.laterality === 'L' ? info.laterality : null;
  if (!laterality) return reject('laterality', `The laterality ${info.laterality ?? MISSING} is neither R nor L.`, contactEmail, info);
  const viewPosition = info.viewPosition === 'CC' || info.viewPosition === 'MLO' ? info.viewPosition : null;
  if (!viewPosition) return reject('view-position', `The view position ${info.viewPosition ?? MISSING} is neither CC nor MLO.`, contactEmail, info);
  const key = `${laterality.toLowerCase()}_${viewPosition.toLowerCase()}` as ViewKey;
  return { ok: true, key, laterality, viewPosition, info };
}

/** Reads and classifies a whole file (`final`) or a prefix; reason 'incomplete' asks for more bytes. */
export function classifyBytes(bytes: Uint8Array, options: { final?: boolean; contactEmail?: string } = {}): Classification {
  return classifyHeader(readHeader(bytes, { final: options.final }), options.contactEmail);
}

// A view is doubled by two files or more, so only those counts are shown (and translated).
const COUNT_WORDS = ['No', 'One', msg('Two'), msg('Three'), msg('Four'), msg('Five'), msg('Six'), msg('Seven'), msg('Eight')];

export const STUDY_MESSAGES = {
  doubled: (key: ViewKey, count: number) => `${COUNT_WORDS[count] ?? count} files are ${VIEW_LABELS[key]} views.`,
  missing: (keys: readonly ViewKey[]) => `Missing: ${keys.map((k) => VIEW_LABELS[k]).join(', ')}.`,
  mixedStudies: msg('The files come from different studies. Please choose the four views of one mammogram.'),
} as const;

export interface StudyFile {
  name: string;
  header: HeaderRead;
}

export interface StudyClassification {
  /** Each file with its verdict, in the order given. */
  files: Array<{ name: string; result: Classification }>;
  /** The file name chosen for each view (the first one, when a view is doubled). */
  assigned: Partial<Record<ViewKey, string>>;
  missing: ViewKey[];
  /** Views that more than one file claims, with those files' names. */
  doubled: Array<{ key: ViewKey; names: string[] }>;
  /** Files the rules turned away. */
  rejected: Array<{ name: string; reason: RejectReason; message: string; detail: string }>;
  /** Every accepted file has the same StudyInstanceUID (true when fewer than two carry one). */
  oneStudy: boolean;
  /** Four views, each once, from one study. Rejected extra files do not spoil it. */
  ready: boolean;
  /** Plain sentences about the set: doubled views, missing views, mixed studies. */
  messages: string[];
}

/** Puts the files on the four views regardless of their order and says what is missing or doubled. */
export function classifyStudy(files: readonly StudyFile[], contactEmail?: string): StudyClassification {
  const results = files.map((f) => ({ name: f.name, result: classifyHeader(f.header, contactEmail) }));
  const byKey = new Map<ViewKey, string[]>();
  const studies = new Set<string>();
  const rejected: StudyClassification['rejected'] = [];
  for (const { name, result } of results) {
    if (!result.ok) {
      rejected.push({ name, reason: result.reason, message: result.message, detail: result.detail });
      continue;
    }
    byKey.set(result.key, [...(byKey.get(result.key) ?? []), name]);
    if (result.info.studyInstanceUid) studies.add(result.info.studyInstanceUid);
  }
  const assigned: Partial<Record<ViewKey, string>> = {};
  const doubled: StudyClassification['doubled'] = [];
  for (const key of VIEW_KEYS_IN_ORDER) {
    const names = byKey.get(key);
    if (!names) continue;
    assigned[key] = names[0];
    if (names.length > 1) doubled.push({ key, names });
  }
  const missing = VIEW_KEYS_IN_ORDER.filter((k) => !byKey.has(k));
  const oneStudy = studies.size <= 1;
  const messages = [
    ...doubled.map((d) => STUDY_MESSAGES.doubled(d.key, d.names.length)),
    ...(missing.length ? [STUDY_MESSAGES.missing(missing)] : []),
    ...(oneStudy ? [] : [STUDY_MESSAGES.mixedStudies]),
  ];
  return { files: results, assigned, missing, doubled, rejected, oneStudy, ready: missing.length === 0 && doubled.length === 0 && oneStudy, messages };
}
