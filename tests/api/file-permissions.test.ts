import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { AI_MODEL } from '../../core/decisions';
import { makeStudyFiles } from '../fixtures/studies';
import { loadConfig } from '../../server/config';
import { createMailer } from '../../server/mail/mailer';
import { fileStore } from '../../server/storage/files';

/** Every file and folder under `dir` with its permission bits, `dir` itself included. */
function modes(dir: string): Array<{ path: string; dir: boolean; mode: number }> {
  const out = [{ path: dir, dir: true, mode: statSync(dir).mode & 0o777 }];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...modes(p));
    else out.push({ path: p, dir: false, mode: statSync(p).mode & 0o777 });
  }
  return out;
}

const expectPrivate = (entries: ReturnType<typeof modes>) => {
  for (const e of entries) expect(e.mode.toString(8), e.path).toBe(e.dir ? '700' : '600');
};

/** Issue 16, item 9: uploads and mails are readable by the server's user only. */
describe(`file permissions on ${dbLabel()}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => api?.close());

  it('keeps uploaded studies and written images at 0600 in folders at 0700', async () => {
    const user = await api.createUser({ submission_limit: 1 });
    const form = new FormData();
    form.set('ai_model', AI_MODEL);
    for (const [field, bytes] of Object.entries(await makeStudyFiles({ seed: 5 }))) form.append(field, new Blob([new Uint8Array(bytes)]), `${field}.dcm`);
    const res = await api.request('POST', '/tasks/', { token: user.token, body: form });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    await fileStore(api.dataDir).write(user.id, res.data.id, 'display-r_cc.png', new Uint8Array([1, 2, 3]));
    const entries = modes(path.join(api.dataDir, 'files'));
    expect(entries.filter((e) => !e.dir).length).toBeGreaterThanOrEqual(5);
    expectPrivate(entries);
  });

  it('writes the outbox mails (with live reset links) at 0600 in a folder at 0700', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-outbox-'));
    try {
      const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_HOST: '' }), () => undefined);
      await mailer.send({ to: 'someone@example.org', subject: 'Reset', html: '<a>link</a>', text: 'link', link: 'http://app.test/reset?token=x' });
      const entries = modes(path.join(dataDir, 'outbox'));
      expect(entries.filter((e) => !e.dir).length).toBe(2);
      expectPrivate(entries);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
