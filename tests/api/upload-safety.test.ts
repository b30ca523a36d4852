/**
 * Nothing a client sends stops the server (issue 16, items 1 and 3). Raw multipart bodies go over
 * a real socket to the real server in its own process (server/main.ts), so a crash shows as a
 * server that no longer answers: bodies cut off inside a file part, parts under an unknown or
 * missing field name, clients that hang up mid-file. Each answers 400 (or, for a client gone,
 * nothing), the server answers the next request, and no file of the upload is left on disk. The
 * folder a server killed mid-upload left behind is swept at the next start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { dbLabel } from '../support/test-db';
import { productSite, spawnProduct, stopProcess, waitFor, type ProductProcess } from '../support/product-process';
import { AI_MODEL } from '../../core/decisions';
import { VIEW_KEYS } from '../../core/contract';
import { loginToken } from '../../bench/lib/spawn-server';
import { CUT_OFF_MESSAGE, unexpectedFileFieldMessage } from '../../server/submissions/multipart';

const BOUNDARY = 'sd-raw-boundary';
const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** Multipart text: a field or a file part (bytes as given), without the closing boundary. */
const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string | null) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data;${name === null ? '' : ` name="${name}";`} filename="a.dcm"\r\nContent-Type: application/dicom\r\n\r\n`;
const close = `--${BOUNDARY}--\r\n`;

interface RawAnswer {
  status: number;
  body: string;
}

/** One HTTP/1.1 request written by hand; `contentLength` may claim more than `body` holds. */
function rawRequest(port: number, opts: { path: string; token: string; body: string | Buffer; contentLength?: number }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const body = Buffer.isBuffer(opts.body) ? opts.body : Buffer.from(opts.body, 'latin1');
    socket.on('connect', () => {
      socket.write(
        `POST /api/v1${opts.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${opts.token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${opts.contentLength ?? body.length}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(body);
    });
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.setTimeout(15_000, () => {
      socket.destroy();
      reject(new Error(`no answer to POST ${opts.path} within 15 s`));
    });
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const head = text.indexOf('\r\n\r\n');
      let payload = head >= 0 ? text.slice(head + 4) : '';
      // Hono answers JSON with a length, but allow a chunked answer too.
      if (/\r\ntransfer-encoding: chunked/i.test(text.slice(0, head))) payload = payload.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '');
      resolve({ status, body: payload });
      socket.destroy();
    });
  });
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe(`uploads that break off or break the rules on ${dbLabel()}`, () => {
  let site: Awaited<ReturnType<typeof productSite>>;
  let server: ProductProcess;
  let port: number;
  let adminToken: string;
  let userToken: string;

  let orphan: string;

  beforeAll(async () => {
    // A small cap, so that a file over it is a few megabytes (the files below stay far under it).
    site = await productSite({ RUN_WORKER: 'false', MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) });
    port = site.port;
    // What a server killed mid-upload leaves: a partial file in a folder of no task, an hour old.
    orphan = path.join(site.dataDir, 'files', randomUUID(), randomUUID());
    mkdirSync(orphan, { recursive: true });
    writeFileSync(path.join(orphan, 'r_cc.dcm.part'), 'partial');
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    utimesSync(path.join(orphan, 'r_cc.dcm.part'), anHourAgo, anHourAgo);
    utimesSync(orphan, anHourAgo, anHourAgo);
    server = spawnProduct('server/main.ts', site.env);
    await waitFor('the server', site.healthy, 90_000, 200).catch((err) => {
      throw new Error(`${err.message}\n${server.output()}`);
    });
    // The sweep runs once the server answers; the tests below start from an empty files folder.
    await waitFor('the orphan upload folder to be swept', () => !existsSync(orphan), 30_000, 50);
    adminToken = await site.adminToken();
    const email = `upload-${Date.now()}@example.com`;
    const created = await fetch(`${site.base}/api/v1/users/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'upload-user-password', full_name: 'Upload Test', submission_limit: 5 }),
    });
    expect(created.status).toBe(200);
    userToken = await loginToken(site.base, email, 'upload-user-password');
  });
  afterAll(async () => {
    if (server) await stopProcess(server);
    await site?.dispose();
  });

  /** The server is up and answers; when it is not, its output says why. */
  const stillAnswers = async () => {
    const status = await fetch(`${site.base}/api/v1/utils/health-check/`).then((r) => r.status, () => 0);
    if (status !== 200) throw new Error(`the server stopped answering:\n${server.output()}`);
    return status;
  };
  const uploadFiles = () => filesUnder(path.join(site.dataDir, 'files'));
  const submissionCount = async () =>
    ((await (await fetch(`${site.base}/api/v1/users/me`, { headers: { authorization: `Bearer ${userToken}` } })).json()) as { submission_count: number }).submission_count;

  // The issue's reproduction: the body ends right after the first bytes of a file part.
  const cutInFile = `${field('ai_model', AI_MODEL)}${fileHead('r_cc')}xx\r\n`;

  it('swept, at start, the upload folder a server killed mid-upload left behind', () => {
    expect(existsSync(orphan)).toBe(false);
    expect(uploadFiles()).toEqual([]);
    expect(server.output()).toMatch(/removed 1 upload folder\(s\) that belong to no task/);
  });

  for (const route of ['/tasks/', '/demo/user'] as const) {
    it(`answers 400 to a body cut off inside a file part on POST ${route}, and keeps answering`, async () => {
      const token = route === '/tasks/' ? userToken : adminToken;
      for (let i = 0; i < 3; i++) {
        const res = await rawRequest(port, { path: route, token, body: cutInFile });
        expect(res).toEqual({ status: 400, body: JSON.stringify({ detail: CUT_OFF_MESSAGE }) });
        expect(await stillAnswers()).toBe(200);
      }
      // Cut off after a whole file, in the middle of the next part's header, and in the epilogue.
      const wholeThenCut = `${field('ai_model', AI_MODEL)}${fileHead('r_cc')}${'d'.repeat(70_000)}\r\n--${BOUNDARY}\r\nContent-Disp`;
      expect((await rawRequest(port, { path: route, token, body: wholeThenCut })).status).toBe(400);
      expect((await rawRequest(port, { path: route, token, body: `${fileHead('l_cc')}${'d'.repeat(300_000)}` })).status).toBe(400);
      expect(await stillAnswers()).toBe(200);
      expect(uploadFiles()).toEqual([]);
    });
  }

  it('answers 400 naming the expected fields to a file part under an unknown or missing name, at once', async () => {
    const expected = (name: string | undefined) => JSON.stringify({ detail: unexpectedFileFieldMessage(name, VIEW_KEYS) });
    const unknown = await rawRequest(port, { path: '/tasks/', token: userToken, body: `${field('ai_model', AI_MODEL)}${fileHead('nope')}yy\r\n${close}` });
    expect(unknown).toEqual({ status: 400, body: expected('nope') });
    expect(unknown.body).toMatch(/r_cc, l_cc, r_mlo and l_mlo/);
    const unnamed = await rawRequest(port, { path: '/tasks/', token: userToken, body: `${fileHead(null)}yy\r\n${close}` });
    expect(unnamed).toEqual({ status: 400, body: expected(undefined) });
    // A good part first, then the stray one: the good one is removed too.
    const after = await rawRequest(port, { path: '/tasks/', token: userToken, body: `${fileHead('r_cc')}${'d'.repeat(100_000)}\r\n${fileHead('extra')}yy\r\n${close}` });
    expect(after.status).toBe(400);
    // The answer does not wait for the rest of the body: the client claims 50 MB and sends 1 KB.
    const early = await rawRequest(port, { path: '/demo/user', token: adminToken, body: `${fileHead('photo')}${'d'.repeat(1024)}`, contentLength: 50 * 1024 * 1024 });
    expect(early).toEqual({ status: 400, body: expected('photo') });
    expect(uploadFiles()).toEqual([]);
    expect(await submissionCount()).toBe(0);
  });

  it('answers 413 to a file over the cap as soon as it passes it, without reading the rest, and keeps answering', async () => {
    // The server reads the request's own stream (server/http/request-body.ts): refusing the upload
    // must stop the parse, not the connection the answer goes out on. The client claims 60 MB and
    // sends a little over the cap, so an answer that waited for the whole body would never come.
    const over = `${field('ai_model', AI_MODEL)}${fileHead('r_cc')}${'d'.repeat(MAX_UPLOAD_BYTES + 64 * 1024)}`;
    const res = await rawRequest(port, { path: '/tasks/', token: userToken, body: over, contentLength: 60 * 1024 * 1024 });
    expect(res).toEqual({ status: 413, body: JSON.stringify({ detail: `The file for r_cc is larger than ${MAX_UPLOAD_BYTES} bytes.` }) });
    expect(await stillAnswers()).toBe(200);
    await waitFor('the refused file to be removed', () => uploadFiles().length === 0, 10_000, 50);
    expect(await submissionCount()).toBe(0);
  });

  it('removes the partial files of a client that hangs up mid-file', async () => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `POST /api/v1/tasks/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${userToken}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n${fileHead('r_cc')}${'d'.repeat(200_000)}`,
    );
    await waitFor('the part file to be written', () => uploadFiles().some((f) => f.endsWith('r_cc.dcm.part')), 10_000, 50);
    socket.destroy();
    await waitFor('the partial upload to be removed', () => uploadFiles().length === 0, 10_000, 50);
    expect(await stillAnswers()).toBe(200);
  });
});
