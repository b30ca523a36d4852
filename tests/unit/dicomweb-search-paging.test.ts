/**
 * A QIDO study search with `limit` reads the headers of the studies it answers, not of every study
 * the caller may see: an administrator's viewer asks `/studies?limit=101` for its study list, and
 * each answer read four file headers of every study in the database (beyond the 500 kept in memory,
 * all of them again on every request) before it kept 101 (found by an audit).
 */
import { describe, expect, it } from 'vitest';
import { makeStudyFiles } from '../fixtures/studies';
import { dicomwebService } from '../../server/services/dicomweb.service';
import type { TaskRow, TasksRepository } from '../../server/db/repositories/tasks.repository';
import type { ImageStore } from '../../server/storage/image-store';
import type { FrameDecoder } from '../../server/dicom/frame-thread';
import type { UserRow } from '../../server/db/repositories/users.repository';
import { TAG } from '../../server/dicom/dicom-json';

const STUDIES = 60;

async function searchWith(query: string) {
  const files = await makeStudyFiles({ seed: 9 });
  const tasks = Array.from({ length: STUDIES }, (_, i) => ({ id: `task-${i}`, owner_id: 'someone' }) as TaskRow);
  const studiesRead = new Set<string>();
  const store = {
    async readHead(_owner: string, taskId: string, name: string) {
      studiesRead.add(taskId);
      const bytes = Buffer.from(files[name.replace('.dcm', '') as keyof typeof files]);
      return { bytes, size: bytes.length };
    },
  } as unknown as ImageStore;
  const repo = { latestByStudy: async () => tasks } as unknown as TasksRepository;
  const service = dicomwebService({ tasks: repo, files: store, frames: {} as FrameDecoder });
  const admin = { user: { id: 'admin', is_superuser: true } as UserRow, studyScope: null };
  const found = await service.searchStudies(admin, new URLSearchParams(query), 'http://x/dicomweb');
  return { found, studiesRead: studiesRead.size };
}

describe('a DICOMweb study search with a limit', () => {
  it('reads the headers of the studies it answers, not of every study', async () => {
    const first = await searchWith('limit=3');
    expect(first.found).toHaveLength(3);
    expect(first.studiesRead).toBe(3);
    const paged = await searchWith('offset=4&limit=2&PatientName=*');
    expect(paged.found).toHaveLength(2);
    expect(paged.studiesRead).toBe(6);
    // Without a limit, every study is still answered.
    const all = await searchWith('');
    expect(all.found).toHaveLength(STUDIES);
    expect(all.found[0][TAG.PatientName]).toBeDefined();
  });
});
