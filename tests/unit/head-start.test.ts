import { afterEach, describe, expect, it, vi } from 'vitest';
import { VIEW_KEYS, type ViewKey } from '../../core/contract';
import { createHeadStart, REFUSALS_WINDOW_MS, watchUploads } from '../../server/jobs/head-start';
import { PermanentJobError, prepareViews, type Pipeline } from '../../server/jobs/process-task';
import type { PreparedView } from '../../server/analysis/image/study';
import type { ImageStore } from '../../server/storage/image-store';

/** A pipeline that says which bytes it prepared: the first byte of a file names where it came from. */
function recordingPipeline() {
  const calls: Array<{ key: ViewKey; from: number }> = [];
  const pipeline: Pick<Pipeline, 'prepare'> = {
    async prepare(bytes, key) {
      calls.push({ key, from: bytes[0] });
      if (bytes[0] === 0xee) throw new PermanentJobError(`The ${key} image could not be read`);
      return { view: { key, from: bytes[0] } as unknown as PreparedView, png: Buffer.from([bytes[0]]) };
    },
  };
  return { pipeline, calls };
}

const UPLOADED = 1;
const STORED = 2;
const fileOf = (path: string) => Promise.resolve(Uint8Array.from([path.endsWith('broken') ? 0xee : UPLOADED]));
const store = { read: async () => Buffer.from([STORED]) } as unknown as ImageStore;

afterEach(() => vi.useRealTimers());

describe('a head start on the views of an upload (server/jobs/head-start.ts)', () => {
  it('begins each view as its file arrives and hands them over once, to the worker that takes the task', async () => {
    const { pipeline, calls } = recordingPipeline();
    const head = createHeadStart(pipeline, { idle: () => true, read: fileOf });
    head.uploadStarting('task-1', 'owner');
    for (const key of VIEW_KEYS) head.viewReceived('task-1', key, `/staged/${key}.dcm`);
    expect(calls.map((c) => c.key)).toEqual([]); // reading the file comes first
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual(VIEW_KEYS.map((key) => ({ key, from: UPLOADED })));

    const { views, displays, headStarted } = await prepareViews({ files: store, pipeline: pipeline as Pipeline, headStart: head }, 'owner', 'task-1');
    expect(headStarted).toBe(4);
    expect(Object.values(views).map((v) => (v as unknown as { from: number }).from)).toEqual([UPLOADED, UPLOADED, UPLOADED, UPLOADED]);
    expect(Object.keys(displays)).toEqual([...VIEW_KEYS]);
    // Nothing was decoded twice, and nothing is left to take.
    expect(calls).toHaveLength(4);
    expect(head.take('task-1')).toBeUndefined();
  });

  it('prepares again from the stored file a view whose head start failed, so its message is the one it always was', async () => {
    const { pipeline, calls } = recordingPipeline();
    const head = createHeadStart(pipeline, { idle: () => true, read: (p) => (p.includes('r_mlo') ? Promise.reject(new Error('ENOENT')) : fileOf(p)) });
    head.uploadStarting('task-2', 'owner');
    for (const key of VIEW_KEYS) head.viewReceived('task-2', key, `/staged/${key}.dcm`);
    head.viewReceived('task-2', 'l_cc', '/staged/l_cc.dcm.broken'); // a second report of a view changes nothing
    const { views } = await prepareViews({ files: store, pipeline: pipeline as Pipeline, headStart: head }, 'owner', 'task-2');
    expect((views.r_mlo as unknown as { from: number }).from).toBe(STORED);
    expect((views.r_cc as unknown as { from: number }).from).toBe(UPLOADED);
    expect(calls.filter((c) => c.key === 'r_mlo')).toEqual([{ key: 'r_mlo', from: STORED }]);

    // A file that cannot be read fails as it does without a head start: prepared again, then reported.
    const broken = createHeadStart(pipeline, { idle: () => true, read: fileOf });
    const brokenStore = { read: async () => Buffer.from([0xee]) } as unknown as ImageStore;
    broken.uploadStarting('task-3', 'owner');
    broken.viewReceived('task-3', 'r_cc', '/staged/r_cc.dcm.broken');
    await expect(prepareViews({ files: brokenStore, pipeline: pipeline as Pipeline, headStart: broken }, 'owner', 'task-3')).rejects.toThrow(/r_cc image could not be read/);
  });

  it('gives no head start while the threads are busy, nor to a second upload while one is held', async () => {
    const { pipeline, calls } = recordingPipeline();
    let idle = false;
    const head = createHeadStart(pipeline, { idle: () => idle, read: fileOf });
    head.uploadStarting('busy', 'owner');
    head.viewReceived('busy', 'r_cc', '/staged/r_cc.dcm');
    expect(head.take('busy')).toBeUndefined();

    idle = true;
    head.uploadStarting('first', 'owner');
    head.uploadStarting('second', 'owner');
    head.viewReceived('second', 'r_cc', '/staged/r_cc.dcm');
    head.viewReceived('first', 'r_cc', '/staged/r_cc.dcm');
    expect(head.take('second')).toBeUndefined();
    expect(Object.keys(head.take('first') ?? {})).toEqual(['r_cc']);
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual([{ key: 'r_cc', from: UPLOADED }]);
  });

  it('forgets an upload that was refused, and one nobody took in time', async () => {
    vi.useFakeTimers();
    const { pipeline } = recordingPipeline();
    const head = createHeadStart(pipeline, { idle: () => true, read: fileOf, keepMs: 1000 });
    const watcher = watchUploads({ expectWork: vi.fn() }, head);
    watcher.uploadStarting!('refused', 'owner');
    watcher.viewReceived!('refused', 'r_cc', '/staged/r_cc.dcm');
    watcher.uploadEnded!('refused', false);
    expect(head.take('refused')).toBeUndefined();

    watcher.uploadStarting!('accepted', 'owner');
    watcher.viewReceived!('accepted', 'r_cc', '/staged/r_cc.dcm');
    watcher.uploadEnded!('accepted', true);
    vi.advanceTimersByTime(1001);
    expect(head.take('accepted')).toBeUndefined();
    // The slot is free again for the next upload.
    watcher.uploadStarting!('next', 'owner');
    watcher.viewReceived!('next', 'l_cc', '/staged/l_cc.dcm');
    expect(Object.keys(head.take('next') ?? {})).toEqual(['l_cc']);
  });

  it('gives none to a user whose uploads were refused twice in ten minutes, and again after that', () => {
    let clock = 0;
    const { pipeline } = recordingPipeline();
    const head = createHeadStart(pipeline, { idle: () => true, read: fileOf, now: () => clock });
    const begun = (taskId: string, ownerId: string) => {
      head.uploadStarting(taskId, ownerId);
      head.viewReceived(taskId, 'r_cc', '/staged/r_cc.dcm');
      return Object.keys(head.take(taskId) ?? {}).length > 0;
    };
    const refused = (taskId: string, ownerId: string) => {
      head.uploadStarting(taskId, ownerId);
      head.viewReceived(taskId, 'r_cc', '/staged/r_cc.dcm');
      head.drop(taskId);
    };
    refused('a1', 'alice');
    expect(begun('a2', 'alice'), 'one refusal: a broken connection, say').toBe(true);
    refused('a3', 'alice');
    expect(begun('a4', 'alice')).toBe(false);
    expect(begun('b1', 'bob'), 'other users are not concerned').toBe(true);
    clock += REFUSALS_WINDOW_MS + 1;
    expect(begun('a5', 'alice')).toBe(true);
  });

  it('still tells the threads to stop warming up when there is no head start', () => {
    const expectWork = vi.fn();
    const watcher = watchUploads({ expectWork }, null);
    watcher.uploadStarting!('t', 'owner');
    watcher.viewReceived!('t', 'r_cc', '/staged/r_cc.dcm');
    watcher.uploadEnded!('t', true);
    expect(expectWork).toHaveBeenCalledTimes(1);
  });
});
