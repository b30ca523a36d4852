/**
 * DICOMweb (PS3.18) over the stored submissions: QIDO-RS searches and WADO-RS retrieval of the
 * studies a caller may see (their own; a superuser's: all). A study is the newest task with that
 * Study Instance UID; its four uploaded files are its instances. Another person's study reads as
 * missing (404), never as forbidden, and a viewer token reaches its one study only.
 */
import dicomParser, { type DataSet } from 'dicom-parser';
import sharp from 'sharp';
import { VIEW_KEYS, isDicomUid, type ViewKey } from '../../core/contract';
import { DEFLATED_TRANSFER_SYNTAX, readMetaGroup } from '../../core/dicom/header';
import { ApiError } from '../errors';
import type { UserRow } from '../db/repositories/users.repository';
import type { TaskRow, TasksRepository } from '../db/repositories/tasks.repository';
import type { ImageStore } from '../storage/image-store';
import { readDeflatedHeader } from '../../core/dicom/deflated';
import { DicomDecodeError, NATIVE, parseDicomFile } from '../dicom/decode';
import { streamOf } from '../dicom/deflated';
import { countHeaderElementsIn } from '../dicom/header-elements';
import { MAX_HEADER_ELEMENTS } from '../dicom/limits';
import { storedFrame, transferSyntaxOf, uncompressedFrame, type Frame } from '../dicom/frames';
import { frameForm, renderedFormat, takesInstances } from '../dicom/accept';
import { DecoderBusyError, type FrameDecoder } from '../dicom/frame-thread';
import {
  INSTANCE_FIELDS, SERIES_FIELDS, STUDY_FIELDS, TAG, firstText, keyValueProblem, matchesKey, pick, strings, tagOf, toDicomJson, type DicomJson,
} from '../dicom/dicom-json';

/** Who asks: a signed-in user, or a viewer token's user limited to one study. */
export interface DicomwebCaller {
  user: UserRow;
  studyScope: string | null;
}

interface Instance {
  view: ViewKey;
  task: TaskRow;
  /** Every attribute but the File Meta group; the pixel data without its URI. */
  json: DicomJson;
  studyUid: string;
  seriesUid: string;
  sopUid: string;
}

const NOT_FOUND = 'Study not found';
/** Header bytes read first; doubled until the header ends (the image itself is never read for metadata). */
const FIRST_HEAD_BYTES = 256 * 1024;
/** Tasks whose instance headers are kept in memory (their files never change). */
const CACHED_TASKS = 500;
const THUMBNAIL_HEIGHT = 200;
/** PS3.18 8.7.4: none of the asked types can be sent (406, never another type than asked). */
const NOT_ACCEPTABLE = {
  instances: 'The instances can be sent only as multipart/related; type="application/dicom", in the transfer syntax they are stored in',
  frame: 'The frame can be sent only in its stored transfer syntax or uncompressed (application/octet-stream)',
  rendered: 'The image can be sent only as image/png or image/jpeg',
};
const QUERY_CONTROL = new Set(['limit', 'offset', 'includefield', 'fuzzymatching', 'token']);

function header(bytes: Uint8Array): DataSet | null {
  try {
    return dicomParser.parseDicom(bytes, { untilTag: 'x7fe00010', inflater: () => { throw new Error('deflated'); } });
  } catch {
    return null;
  }
}

/**
 * `frames` does the image work off the event loop, one job at a time (server/dicom/frame-thread.ts):
 * decoding compressed frames, inflating Deflated files, rendering a view without a display image.
 */
export function dicomwebService(deps: { tasks: TasksRepository; files: ImageStore; frames: FrameDecoder }) {
  const { tasks, files } = deps;
  const cache = new Map<string, Instance[]>();

  async function readHeader(task: TaskRow, name: string): Promise<DataSet | null> {
    for (let size = FIRST_HEAD_BYTES; ; size *= 4) {
      const head = await files.readHead(task.owner_id, task.id, name, size);
      if (!head) return null;
      const whole = head.bytes.length >= head.size;
      const meta = readMetaGroup(head.bytes);
      if (meta?.transferSyntax === DEFLATED_TRANSFER_SYNTAX) {
        // Only the header is inflated, as a stream and at most 2 MB (core/dicom/deflated.ts).
        const bytes = whole ? head.bytes : await files.read(task.owner_id, task.id, name);
        if (!bytes) return null;
        const file = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        const read = await readDeflatedHeader(file, meta.dataSetOffset, streamOf(file.subarray(meta.dataSetOffset))).catch(() => null);
        return read?.header.complete ? (read.dataSet ?? null) : null;
      }
      const bytes = new Uint8Array(head.bytes.buffer, head.bytes.byteOffset, head.bytes.byteLength);
      // A header flooded with elements would hold the event loop while dicom-parser builds them
      // (the upload refuses such a file; one stored before that check is left out).
      if (countHeaderElementsIn(bytes, MAX_HEADER_ELEMENTS).over) return null;
      const ds = header(bytes);
      if (ds?.elements.x7fe00010 || whole) return ds;
    }
  }

  /** The readable instances of a task, from their headers (a file that cannot be read is left out). */
  async function instancesOf(task: TaskRow): Promise<Instance[]> {
    const known = cache.get(task.id);
    if (known) return known;
    const out: Instance[] = [];
    for (const view of VIEW_KEYS) {
      const ds = await readHeader(task, `${view}.dcm`);
      if (!ds) continue;
      const json = toDicomJson(ds, null);
      json[TAG.AvailableTransferSyntaxUID] = strings('UI', transferSyntaxOf(ds));
      const [studyUid, seriesUid, sopUid] = [TAG.StudyInstanceUID, TAG.SeriesInstanceUID, TAG.SOPInstanceUID].map((t) => firstText(json, t));
      if (studyUid && seriesUid && sopUid) out.push({ view, task, json, studyUid, seriesUid, sopUid });
    }
    if (cache.size >= CACHED_TASKS) cache.delete(cache.keys().next().value!);
    cache.set(task.id, out);
    return out;
  }

  function visibleTasks(caller: DicomwebCaller, studyUids?: string[]): Promise<TaskRow[]> {
    // What is not a UID names no study, and is never sent to the database (a NUL byte there was a 500).
    let uids = studyUids?.filter(isDicomUid);
    if (caller.studyScope) uids = (uids ?? [caller.studyScope]).filter((u) => u === caller.studyScope);
    if (uids && uids.length === 0) return Promise.resolve([]);
    return tasks.latestByStudy({ ownerId: caller.user.is_superuser ? undefined : caller.user.id, studyUids: uids });
  }

  async function study(caller: DicomwebCaller, studyUid: string): Promise<Instance[]> {
    const [task] = await visibleTasks(caller, [studyUid]);
    const instances = task ? (await instancesOf(task)).filter((i) => i.studyUid === studyUid) : [];
    if (instances.length === 0) throw new ApiError(404, NOT_FOUND);
    return instances;
  }

  async function selected(caller: DicomwebCaller, studyUid: string, seriesUid?: string, sopUid?: string): Promise<Instance[]> {
    const found = (await study(caller, studyUid)).filter((i) => (!seriesUid || i.seriesUid === seriesUid) && (!sopUid || i.sopUid === sopUid));
    if (found.length === 0) throw new ApiError(404, sopUid ? 'Instance not found' : 'Series not found');
    return found;
  }

  async function one(caller: DicomwebCaller, studyUid: string, seriesUid: string, sopUid: string): Promise<Instance> {
    return (await selected(caller, studyUid, seriesUid, sopUid))[0];
  }

  /** Matching keys, paging and includefield of a QIDO query (unknown keys are ignored, as PS3.18 allows). */
  function parseQuery(query: URLSearchParams) {
    const keys: Array<{ tag: string; value: string }> = [];
    const include: string[] = [];
    let all = false;
    for (const [name, value] of query) {
      if (name === 'includefield') {
        for (const f of value.split(',').map((s) => s.trim()).filter(Boolean)) {
          if (f === 'all') all = true;
          else {
            const t = tagOf(f);
            if (t) include.push(t);
          }
        }
      } else if (!QUERY_CONTROL.has(name)) {
        const t = tagOf(name);
        const problem = t && keyValueProblem(t, value);
        if (problem) throw new ApiError(400, `${name} must be ${problem}`);
        if (t) keys.push({ tag: t, value });
      }
    }
    const whole = (name: string, fallback: number) => {
      const raw = query.get(name);
      if (raw === null || raw === '') return fallback;
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 0) throw new ApiError(400, `${name} must be a whole number`);
      return n;
    };
    return { keys, include, all, offset: whole('offset', 0), limit: whole('limit', Number.MAX_SAFE_INTEGER) };
  }

  type Query = ReturnType<typeof parseQuery>;

  /** Matches `candidates` (their full attributes, and their answer) against the query, then pages. */
  function answer(q: Query, candidates: Array<{ all: DicomJson; out: DicomJson }>, extraOf: (all: DicomJson) => DicomJson): DicomJson[] {
    return candidates
      .filter((c) => q.keys.every((k) => matchesKey(c.all, k.tag, k.value)))
      .slice(q.offset, q.offset + q.limit)
      .map((c) => ({ ...(q.all ? extraOf(c.all) : pick(c.all, q.include)), ...c.out }));
  }

  /** `includefield=all`: every attribute but binary ones. */
  const withoutBulk = (json: DicomJson): DicomJson => Object.fromEntries(Object.entries(json).filter(([, a]) => !a.BulkDataURI && !a.InlineBinary));
  const online = strings('CS', 'ONLINE');

  function studyAttributes(instances: Instance[], base: string): DicomJson {
    const first = instances[0];
    const modalities = [...new Set(instances.map((i) => firstText(i.json, TAG.Modality)).filter(Boolean))];
    return {
      ...first.json,
      [TAG.ModalitiesInStudy]: strings('CS', ...modalities),
      [TAG.NumberOfStudyRelatedSeries]: strings('IS', new Set(instances.map((i) => i.seriesUid)).size),
      [TAG.NumberOfStudyRelatedInstances]: strings('IS', instances.length),
      [TAG.InstanceAvailability]: online,
      [TAG.RetrieveURL]: strings('UR', `${base}/studies/${first.studyUid}`),
    };
  }

  function seriesAttributes(instances: Instance[], base: string): DicomJson {
    const first = instances[0];
    return {
      ...first.json,
      [TAG.NumberOfSeriesRelatedInstances]: strings('IS', instances.length),
      [TAG.InstanceAvailability]: online,
      [TAG.RetrieveURL]: strings('UR', `${base}/studies/${first.studyUid}/series/${first.seriesUid}`),
    };
  }

  function instanceAttributes(i: Instance, base: string): DicomJson {
    return {
      ...i.json,
      [TAG.InstanceAvailability]: online,
      [TAG.RetrieveURL]: strings('UR', `${base}/studies/${i.studyUid}/series/${i.seriesUid}/instances/${i.sopUid}`),
    };
  }

  function groupBySeries(instances: Instance[]): Instance[][] {
    const bySeries = new Map<string, Instance[]>();
    for (const i of instances) bySeries.set(i.seriesUid, [...(bySeries.get(i.seriesUid) ?? []), i]);
    return [...bySeries.values()];
  }

  async function fileOf(i: Instance): Promise<Buffer> {
    const bytes = await files.read(i.task.owner_id, i.task.id, `${i.view}.dcm`);
    if (!bytes) throw new ApiError(404, 'Instance not found');
    return bytes;
  }

  async function fileBytesOf(i: Instance): Promise<Uint8Array> {
    const bytes = await fileOf(i);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** A file the server accepted but cannot read now is its problem with the file, not a crash. */
  async function readable<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof DicomDecodeError) throw new ApiError(422, `The image cannot be read: ${err.message}`);
      if (err instanceof DecoderBusyError) throw new ApiError(503, err.message, { 'Retry-After': '2' });
      throw err;
    }
  }

  return {
    /** 404 unless the user may see the study (for a viewer token). */
    async ensureVisible(user: UserRow, studyUid: string): Promise<void> {
      await study({ user, studyScope: null }, studyUid);
    },

    async searchStudies(caller: DicomwebCaller, query: URLSearchParams, base: string): Promise<DicomJson[]> {
      const q = parseQuery(query);
      const uidKey = q.keys.find((k) => k.tag === TAG.StudyInstanceUID && k.value !== '');
      const candidates = [];
      // Read as far as the page goes: each study costs four file headers, and an administrator's
      // viewer lists studies with a limit (OHIF: 101) over everyone's (found by an audit).
      const enough = q.offset + q.limit;
      for (const task of await visibleTasks(caller, uidKey?.value.split(/[\\,]/).map((s) => s.trim()).filter(Boolean))) {
        if (candidates.length >= enough) break;
        const instances = await instancesOf(task);
        if (instances.length === 0) continue;
        const all = studyAttributes(instances, base);
        if (q.keys.every((k) => matchesKey(all, k.tag, k.value))) candidates.push({ all, out: pick(all, STUDY_FIELDS) });
      }
      return answer(q, candidates, withoutBulk);
    },

    async searchSeries(caller: DicomwebCaller, studyUid: string, query: URLSearchParams, base: string): Promise<DicomJson[]> {
      const q = parseQuery(query);
      const candidates = groupBySeries(await study(caller, studyUid)).map((instances) => {
        const all = seriesAttributes(instances, base);
        return { all, out: pick(all, SERIES_FIELDS) };
      });
      return answer(q, candidates, withoutBulk);
    },

    async searchInstances(caller: DicomwebCaller, studyUid: string, seriesUid: string | undefined, query: URLSearchParams, base: string): Promise<DicomJson[]> {
      const q = parseQuery(query);
      const instances = seriesUid ? await selected(caller, studyUid, seriesUid) : await study(caller, studyUid);
      const candidates = instances.map((i) => {
        const all = instanceAttributes(i, base);
        return { all, out: pick(all, INSTANCE_FIELDS) };
      });
      return answer(q, candidates, withoutBulk);
    },

    /** Every attribute of each selected instance, the pixel data as a BulkDataURI (its frame). */
    async metadata(caller: DicomwebCaller, base: string, studyUid: string, seriesUid?: string, sopUid?: string): Promise<DicomJson[]> {
      return (await selected(caller, studyUid, seriesUid, sopUid)).map((i) => {
        const json = { ...i.json };
        if (json[TAG.PixelData]) {
          json[TAG.PixelData] = { vr: json[TAG.PixelData].vr, BulkDataURI: `${base}/studies/${i.studyUid}/series/${i.seriesUid}/instances/${i.sopUid}/frames/1` };
        }
        return json;
      });
    },

    /** The stored files (Part 10, as uploaded) of the selected instances; `accept`: the request's Accept. */
    async instanceFiles(caller: DicomwebCaller, accept: string | undefined, studyUid: string, seriesUid?: string, sopUid?: string): Promise<Buffer[]> {
      const found = await selected(caller, studyUid, seriesUid, sopUid);
      if (!takesInstances(accept, found.map((i) => firstText(i.json, TAG.AvailableTransferSyntaxUID)))) throw new ApiError(406, NOT_ACCEPTABLE.instances);
      return Promise.all(found.map(fileOf));
    },

    /**
     * Frame 1 (these are single-frame images) as stored, or decoded to uncompressed stored values,
     * whichever the Accept takes; `single`: one part without the multipart wrapping.
     */
    async frame(caller: DicomwebCaller, studyUid: string, seriesUid: string, sopUid: string, frames: number[], accept: string | undefined): Promise<Frame & { single: boolean }> {
      const instance = await one(caller, studyUid, seriesUid, sopUid);
      if (frames.length === 0 || frames.some((f) => f !== 1)) throw new ApiError(404, 'Frame not found: the image has one frame');
      const storedSyntax = firstText(instance.json, TAG.AvailableTransferSyntaxUID);
      const form = frameForm(accept, storedSyntax);
      if (!form) throw new ApiError(406, NOT_ACCEPTABLE.frame);
      const { uncompressed, single } = form;
      const load = () => fileBytesOf(instance);
      const frame = await readable(async () => {
        // The thread's work is read from the file only once the thread has taken the job.
        if (uncompressed && !NATIVE.has(storedSyntax)) return deps.frames.uncompressed(caller.user.id, load);
        // A Deflated file inflates to up to 256 MB: in the thread, one at a time.
        if (storedSyntax === DEFLATED_TRANSFER_SYNTAX) return deps.frames.stored(caller.user.id, load);
        const ds = await parseDicomFile(await load());
        return uncompressed ? uncompressedFrame(ds) : storedFrame(ds);
      });
      return { ...frame, single };
    },

    /**
     * The image for a person to look at: windowed to 8 bits, about 1024 px high (the task's display
     * image once processed; decoded from the file before that), or a thumbnail 200 px high.
     */
    async rendered(caller: DicomwebCaller, studyUid: string, seriesUid: string, sopUid: string, opts: { thumbnail: boolean; accept: string | undefined }) {
      const i = await one(caller, studyUid, seriesUid, sopUid);
      const format = renderedFormat(opts.accept);
      if (!format) throw new ApiError(406, NOT_ACCEPTABLE.rendered);
      const jpeg = format === 'jpeg';
      let png = await files.read(i.task.owner_id, i.task.id, `${i.view}.png`);
      if (!png) png = await readable(() => deps.frames.rendered(caller.user.id, () => fileBytesOf(i), i.view));
      let image = sharp(png);
      if (opts.thumbnail) image = image.resize({ height: THUMBNAIL_HEIGHT, fit: 'inside' });
      if (!opts.thumbnail && !jpeg) return { bytes: png, mediaType: 'image/png' };
      return jpeg
        ? { bytes: await image.jpeg({ quality: 90 }).toBuffer(), mediaType: 'image/jpeg' }
        : { bytes: await image.png().toBuffer(), mediaType: 'image/png' };
    },
  };
}
export type DicomwebService = ReturnType<typeof dicomwebService>;
