import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import dicomParser from 'dicom-parser';

/**
 * The id Orthanc gives an instance, known before it is stored: the SHA-1 of
 * "PatientID|StudyInstanceUID|SeriesInstanceUID|SOPInstanceUID", in lower-case hex cut into five
 * groups of eight (Orthanc's DicomInstanceHasher,
 * https://orthanc.uclouvain.be/book/faq/orthanc-ids.html). With it, a file a process stored just
 * before it died, and that no row names yet, can still be found from the staged file.
 */
export function orthancInstanceId(uids: { patientId: string; studyInstanceUid: string; seriesInstanceUid: string; sopInstanceUid: string }): string {
  const hex = createHash('sha1').update(`${uids.patientId}|${uids.studyInstanceUid}|${uids.seriesInstanceUid}|${uids.sopInstanceUid}`).digest('hex');
  return hex.match(/.{8}/g)!.join('-');
}

/** The header of an uploaded file fits well within this (the pixel data comes last). */
const HEADER_BYTES = 1 << 20;

/**
 * The Orthanc id of a DICOM file on disk, from the UIDs in its first megabyte; null when they
 * cannot be read there (not DICOM, a Deflated data set, a header larger than that).
 */
export async function orthancIdOfFile(file: string): Promise<string | null> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
    const ds = dicomParser.parseDicom(new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead), { untilTag: 'x7fe00010' });
    const text = (tag: string) => ds.string(tag)?.trim() ?? '';
    const uids = { patientId: text('x00100020'), studyInstanceUid: text('x0020000d'), seriesInstanceUid: text('x0020000e'), sopInstanceUid: text('x00080018') };
    return uids.studyInstanceUid && uids.seriesInstanceUid && uids.sopInstanceUid ? orthancInstanceId(uids) : null;
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}
