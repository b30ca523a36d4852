/** The phantom thread: studies generated and written as DICOM, handed back by transfer. */
import { parentPort, workerData } from 'node:worker_threads';
import { VIEW_KEYS } from '../../core/contract/scores';
import { transferable } from '../transferable';
import { generateStudy } from './generate';
import type { WrittenStudy } from './study-thread';
import type { PhantomOptions } from './types';
import { writeStudy } from './write';

try {
  const value: WrittenStudy[] = [];
  for (const opts of workerData as PhantomOptions[]) {
    const study = generateStudy(opts);
    const dicoms = await writeStudy(study);
    value.push({ dicoms, patientId: study.patient.id, studyDate: study.studyDate, studyInstanceUid: study.studyInstanceUid });
  }
  parentPort!.postMessage({ ok: true, value }, transferable(value.flatMap((s) => VIEW_KEYS.map((k) => s.dicoms[k]))));
} catch (err) {
  parentPort!.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
}
