/**
 * The DICOM JSON model (PS3.18 F.2) of a parsed data set, and the attribute sets and matching of
 * QIDO-RS (PS3.18 10.6): pure functions over dicom-parser's DataSet and plain objects.
 */
import { createRequire } from 'node:module';
import dicomParser, { type DataSet, type Element } from 'dicom-parser';

const require = createRequire(import.meta.url);
// dcmjs ships no type declarations; only its data dictionary is used here (VRs of implicit-VR
// files, keywords of `includefield` and matching keys).
const dictionary = (require('dcmjs') as {
  data: { DicomMetaDictionary: { dictionary: Record<string, { vr: string } | undefined>; nameMap: Record<string, { tag: string } | undefined> } };
}).data.DicomMetaDictionary;

export interface DicomAttribute {
  vr: string;
  Value?: unknown[];
  BulkDataURI?: string;
  InlineBinary?: string;
}
/** One data set in the DICOM JSON model: attributes keyed by 8 upper-case hex digits. */
export type DicomJson = Record<string, DicomAttribute>;

export const TAG = {
  SpecificCharacterSet: '00080005',
  SOPClassUID: '00080016',
  SOPInstanceUID: '00080018',
  StudyDate: '00080020',
  StudyTime: '00080030',
  AccessionNumber: '00080050',
  InstanceAvailability: '00080056',
  Modality: '00080060',
  ModalitiesInStudy: '00080061',
  ReferringPhysicianName: '00080090',
  StudyDescription: '00081030',
  SeriesDescription: '0008103E',
  RetrieveURL: '00081190',
  AvailableTransferSyntaxUID: '00083002',
  PatientName: '00100010',
  PatientID: '00100020',
  PatientBirthDate: '00100030',
  PatientSex: '00100040',
  ViewPosition: '00185101',
  StudyInstanceUID: '0020000D',
  SeriesInstanceUID: '0020000E',
  StudyID: '00200010',
  SeriesNumber: '00200011',
  InstanceNumber: '00200013',
  Laterality: '00200060',
  ImageLaterality: '00200062',
  NumberOfStudyRelatedSeries: '00201206',
  NumberOfStudyRelatedInstances: '00201208',
  NumberOfSeriesRelatedInstances: '00201209',
  NumberOfFrames: '00280008',
  Rows: '00280010',
  Columns: '00280011',
  BitsAllocated: '00280100',
  PixelData: '7FE00010',
} as const;

/** Default return attributes of each QIDO level (PS3.18 tables 10.6.3-3 to -5), plus the mammogram's view. */
export const STUDY_FIELDS = [
  TAG.SpecificCharacterSet, TAG.StudyDate, TAG.StudyTime, TAG.AccessionNumber, TAG.InstanceAvailability, TAG.ModalitiesInStudy,
  TAG.ReferringPhysicianName, TAG.StudyDescription, TAG.RetrieveURL, TAG.PatientName, TAG.PatientID, TAG.PatientBirthDate,
  TAG.PatientSex, TAG.StudyInstanceUID, TAG.StudyID, TAG.NumberOfStudyRelatedSeries, TAG.NumberOfStudyRelatedInstances,
];
export const SERIES_FIELDS = [
  TAG.SpecificCharacterSet, TAG.Modality, TAG.SeriesDescription, TAG.RetrieveURL, TAG.StudyInstanceUID, TAG.SeriesInstanceUID,
  TAG.SeriesNumber, TAG.NumberOfSeriesRelatedInstances, TAG.Laterality, TAG.ImageLaterality, TAG.ViewPosition,
];
export const INSTANCE_FIELDS = [
  TAG.SpecificCharacterSet, TAG.SOPClassUID, TAG.SOPInstanceUID, TAG.InstanceAvailability, TAG.RetrieveURL, TAG.StudyInstanceUID,
  TAG.SeriesInstanceUID, TAG.InstanceNumber, TAG.NumberOfFrames, TAG.Rows, TAG.Columns, TAG.BitsAllocated, TAG.ImageLaterality,
  TAG.ViewPosition, TAG.AvailableTransferSyntaxUID,
];

/** Binary values up to this size are sent inline (base64); larger ones other than the pixel data are left out. */
const MAX_INLINE_BINARY = 64 * 1024;

const TEXT_SINGLE = new Set(['LT', 'ST', 'UT', 'UR']);
const TEXT = new Set(['AE', 'AS', 'CS', 'DA', 'DT', 'LO', 'SH', 'TM', 'UC', 'UI', ...TEXT_SINGLE]);
const BINARY_NUMBERS: Record<string, { size: number; read: (ds: DataSet, tag: string, i: number) => number | undefined }> = {
  US: { size: 2, read: (ds, t, i) => ds.uint16(t, i) },
  SS: { size: 2, read: (ds, t, i) => ds.int16(t, i) },
  UL: { size: 4, read: (ds, t, i) => ds.uint32(t, i) },
  SL: { size: 4, read: (ds, t, i) => ds.int32(t, i) },
  FL: { size: 4, read: (ds, t, i) => ds.float(t, i) },
  FD: { size: 8, read: (ds, t, i) => ds.double(t, i) },
};

/** '00100010', '(0010,0010)', '0010,0010' or a keyword ('PatientName') to 8 upper-case hex digits; null when unknown. */
export function tagOf(name: string): string | null {
  const hex = name.replace(/[(),\s]/g, '');
  if (/^[0-9a-fA-F]{8}$/.test(hex)) return hex.toUpperCase();
  // Own entries only: a query key such as `constructor` or `__proto__` names no attribute, and
  // reading it through the prototype answered 500 instead of ignoring the key.
  const entry = Object.hasOwn(dictionary.nameMap, name) ? dictionary.nameMap[name] : undefined;
  return entry && typeof entry.tag === 'string' ? entry.tag.replace(/[(),]/g, '').toUpperCase() : null;
}

function vrOf(el: Element, tag: string): string {
  if (el.vr) return el.vr;
  if (tag.endsWith('0000')) return 'UL';
  if (el.items) return 'SQ';
  const entry = dictionary.dictionary[`(${tag.slice(0, 4)},${tag.slice(4)})`];
  // Repeating or ambiguous VRs ("US or SS") read as their first choice.
  return entry ? entry.vr.slice(0, 2) : 'UN';
}

function rawText(ds: DataSet, el: Element): string {
  return dicomParser.readFixedString(ds.byteArray, el.dataOffset, el.length);
}

function textValues(ds: DataSet, el: Element, vr: string): string[] {
  const raw = rawText(ds, el).replace(/[\0 ]+$/, '');
  const parts = TEXT_SINGLE.has(vr) ? [raw] : raw.split('\\');
  return parts.map((p) => (vr === 'UI' ? p.replace(/\0/g, '').trim() : p.trim()));
}

function attribute(ds: DataSet, key: string, tag: string, bulkDataUri: string | null): DicomAttribute | null {
  const el = ds.elements[key];
  const vr = vrOf(el, tag);
  if (tag === TAG.PixelData) return bulkDataUri ? { vr: vr === 'OB' ? 'OB' : 'OW', BulkDataURI: bulkDataUri } : { vr: vr === 'OB' ? 'OB' : 'OW' };
  if (vr === 'SQ') return { vr, Value: (el.items ?? []).map((item) => (item.dataSet ? toDicomJson(item.dataSet, null) : {})) };
  if (!el.length) return { vr };
  if (TEXT.has(vr)) return { vr, Value: textValues(ds, el, vr) };
  if (vr === 'PN') return { vr, Value: textValues(ds, el, vr).map((p) => (p ? { Alphabetic: p.split('=')[0] } : {})) };
  if (vr === 'DS' || vr === 'IS') {
    return { vr, Value: textValues(ds, el, vr).map((s) => (s === '' ? null : Number(s))).map((n) => (n === null || Number.isFinite(n) ? n : null)) };
  }
  if (vr === 'AT') {
    const out: string[] = [];
    for (let i = 0; i + 4 <= el.length; i += 4) {
      const g = ds.uint16(key, i / 2) ?? 0;
      const e = ds.uint16(key, i / 2 + 1) ?? 0;
      out.push((g.toString(16).padStart(4, '0') + e.toString(16).padStart(4, '0')).toUpperCase());
    }
    return { vr, Value: out };
  }
  const numeric = BINARY_NUMBERS[vr];
  if (numeric) {
    const values: number[] = [];
    for (let i = 0; i < Math.floor(el.length / numeric.size); i++) values.push(numeric.read(ds, key, i) ?? 0);
    return { vr, Value: values };
  }
  if (el.length > MAX_INLINE_BINARY || el.dataOffset + el.length > ds.byteArray.length) return null;
  return { vr, InlineBinary: Buffer.from(ds.byteArray.buffer, ds.byteArray.byteOffset + el.dataOffset, el.length).toString('base64') };
}

/**
 * The data set in the DICOM JSON model, without the File Meta group; the pixel data (if any)
 * points to `pixelDataUri`.
 */
export function toDicomJson(ds: DataSet, pixelDataUri: string | null): DicomJson {
  const out: DicomJson = {};
  for (const key of Object.keys(ds.elements).sort()) {
    const tag = key.slice(1).toUpperCase();
    if (tag.startsWith('0002') || tag.startsWith('FFFE')) continue;
    const attr = attribute(ds, key, tag, pixelDataUri);
    if (attr) out[tag] = attr;
  }
  return out;
}

/** The attributes of `tags` that `source` has. */
export function pick(source: DicomJson, tags: readonly string[]): DicomJson {
  const out: DicomJson = {};
  for (const t of tags) if (source[t]) out[t] = source[t];
  return out;
}

export const strings = (vr: string, ...values: Array<string | number>): DicomAttribute => ({ vr, Value: values });

/** The first value of an attribute as text ('' when absent). */
export function firstText(json: DicomJson, tag: string): string {
  const v = json[tag]?.Value?.[0];
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return (v as { Alphabetic?: string }).Alphabetic ?? '';
  return String(v);
}

function allTexts(json: DicomJson, tag: string): string[] {
  return (json[tag]?.Value ?? []).map((v) => (v && typeof v === 'object' ? ((v as { Alphabetic?: string }).Alphabetic ?? '') : String(v ?? '')));
}

/**
 * Whether `text` matches the QIDO wildcard `pattern` (`*` any run, `?` one character). Matched
 * with one pointer per string and a return to the last `*`, never through a regular expression:
 * `?*?*?*...` as a regular expression backtracks exponentially, and one query held the server
 * for minutes. This takes at most pattern length x text length steps.
 */
export function wildcardMatches(pattern: string, text: string, caseInsensitive: boolean): boolean {
  const p = caseInsensitive ? pattern.toLowerCase() : pattern;
  const t = caseInsensitive ? text.toLowerCase() : text;
  let i = 0;
  let j = 0;
  let star = -1;
  let resume = 0;
  while (j < t.length) {
    if (i < p.length && (p[i] === '?' || (p[i] !== '*' && p[i] === t[j]))) {
      i++;
      j++;
    } else if (i < p.length && p[i] === '*') {
      star = i++;
      resume = j;
    } else if (star >= 0) {
      i = star + 1;
      j = ++resume;
    } else {
      return false;
    }
  }
  while (i < p.length && p[i] === '*') i++;
  return i === p.length;
}

const DATE = '\\d{8}';
const TIME = '\\d{2}(?:\\d{2}(?:\\d{2}(?:\\.\\d{1,6})?)?)?';
const KEY_FORMS: Record<string, { form: RegExp; says: string }> = {
  DA: { form: new RegExp(`^(?:\\*|${DATE}|${DATE}-|-${DATE}|${DATE}-${DATE})$`), says: 'a date (YYYYMMDD) or a range of dates (YYYYMMDD-YYYYMMDD)' },
  TM: { form: new RegExp(`^(?:\\*|${TIME}|${TIME}-|-${TIME}|${TIME}-${TIME})$`), says: 'a time (HHMMSS) or a range of times (HHMMSS-HHMMSS)' },
};

/**
 * What is wrong with a QIDO matching value of a date or time attribute, or null when it is one:
 * text that is neither a date nor a range compared as text and matched every study (PS3.18 8.3.4:
 * 400 for an invalid query; found by an audit).
 */
export function keyValueProblem(tag: string, value: string): string | null {
  if (value === '') return null;
  const vr = dictionary.dictionary[`(${tag.slice(0, 4)},${tag.slice(4)})`]?.vr ?? '';
  const rule = KEY_FORMS[vr];
  return rule && !rule.form.test(value.trim()) ? rule.says : null;
}

/**
 * Whether `json` matches one QIDO key (PS3.4 C.2.2.2): a UID list, a date or time range, wildcards
 * (`*`, `?`; names case-insensitive), otherwise single-value matching; a multi-valued attribute
 * matches when any value does. An empty key matches everything.
 */
export function matchesKey(json: DicomJson, tag: string, value: string): boolean {
  if (value === '') return true;
  const vr = json[tag]?.vr ?? dictionary.dictionary[`(${tag.slice(0, 4)},${tag.slice(4)})`]?.vr ?? 'UN';
  const have = allTexts(json, tag);
  if (vr === 'UI') {
    const wanted = value.split(/[\\,]/).map((s) => s.trim()).filter(Boolean);
    return have.some((h) => wanted.includes(h));
  }
  if ((vr === 'DA' || vr === 'TM' || vr === 'DT') && value.includes('-')) {
    const [from, to] = value.split('-');
    return have.some((h) => (!from || h >= from) && (!to || h.slice(0, to.length) <= to));
  }
  const alternatives = value.split('\\');
  if (/[*?]/.test(value)) return have.some((h) => alternatives.some((a) => wildcardMatches(a, h, vr === 'PN')));
  return have.some((h) => alternatives.some((a) => (vr === 'PN' ? a.toLowerCase() === h.toLowerCase() : a === h)));
}
