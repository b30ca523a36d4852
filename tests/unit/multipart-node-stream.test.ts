/**
 * receiveMultipart reading the Node server's own request stream (server/http/request-body.ts): the
 * parse takes what the request sends, fails on a request that errs or closes before its end, and
 * never destroys the request, whose connection the answer still has to go out on.
 */
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/errors';
import { CUT_OFF_MESSAGE, receiveMultipart, type FileSink } from '../../server/submissions/multipart';

const BOUNDARY = 'sd-node-stream';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const filePart = (name: string, bytes: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.dcm"\r\n\r\n${bytes}\r\n`;
const closing = `--${BOUNDARY}--\r\n`;

/** A sink that keeps each file in memory and says which were discarded. */
function memorySink() {
  const written = new Map<string, string>();
  const discarded: string[] = [];
  const sink: FileSink = {
    fields: ['r_cc', 'l_cc'],
    async open(field) {
      let text = '';
      const stream = new Writable({
        write(chunk: Buffer, _enc, done) {
          text += chunk.toString('latin1');
          done();
        },
      });
      return {
        stream,
        commit: async () => {
          written.set(field, text);
          return `/memory/${field}`;
        },
        discard: async () => {
          discarded.push(field);
        },
      };
    },
  };
  return { sink, written, discarded };
}

const limits = { maxFileBytes: 1000, maxFiles: 2, maxFields: 2 };

/** What a request sends, in chunks, as the HTTP server's request stream would. */
function request(chunks: string[], end = true): PassThrough {
  const source = new PassThrough();
  for (const c of chunks) source.write(Buffer.from(c, 'latin1'));
  if (end) source.end();
  return source;
}

describe('receiveMultipart over a Node request stream', () => {
  it('receives every file whole, split across chunks anywhere', async () => {
    const body = `${filePart('r_cc', 'a'.repeat(300))}${filePart('l_cc', 'b'.repeat(200))}${closing}`;
    const { sink, written } = memorySink();
    const source = request([body.slice(0, 7), body.slice(7, 350), body.slice(350)]);
    const { files } = await receiveMultipart(source, CONTENT_TYPE, limits, sink);
    expect(files.map((f) => [f.field, f.size])).toEqual([
      ['r_cc', 300],
      ['l_cc', 200],
    ]);
    expect(written.get('r_cc')).toBe('a'.repeat(300));
    expect(written.get('l_cc')).toBe('b'.repeat(200));
  });

  it('refuses a file over the cap with a 413 and leaves the request open for the answer', async () => {
    const { sink, discarded } = memorySink();
    // The request goes on sending: a refused parse must stop reading, not end the connection.
    const source = request([filePart('r_cc', 'a'.repeat(1500))], false);
    const err = await receiveMultipart(source, CONTENT_TYPE, limits, sink).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(413);
    expect(discarded).toEqual(['r_cc']);
    expect(source.destroyed).toBe(false);
    source.end();
  });

  it('answers 400 cut off, without waiting, when the client went away before the parse began', async () => {
    // The route awaits the sign-in and the Idempotency-Key before it reads the body: a request
    // closed meanwhile does not say so again, and a parse waiting for it would never settle.
    for (const sent of ['the whole body', 'part of it'] as const) {
      const body = `${filePart('r_cc', 'a'.repeat(100))}${closing}`;
      const source = request([sent === 'the whole body' ? body : body.slice(0, 60)], sent === 'the whole body');
      source.destroy();
      await new Promise((r) => setImmediate(r));
      const { sink, written } = memorySink();
      const err = await receiveMultipart(source, CONTENT_TYPE, limits, sink).catch((e: unknown) => e);
      expect(err, sent).toBeInstanceOf(ApiError);
      expect((err as ApiError).status, sent).toBe(400);
      expect(written.size, sent).toBe(0);
    }
  });

  it('answers 400 cut off when the request errs or closes before its end, and keeps no file', async () => {
    for (const cut of ['error', 'close'] as const) {
      const { sink, written, discarded } = memorySink();
      const source = request([filePart('r_cc', 'a'.repeat(100)).slice(0, -2)], false);
      const parse = receiveMultipart(source, CONTENT_TYPE, limits, sink).catch((e: unknown) => e);
      await new Promise((r) => setImmediate(r));
      if (cut === 'error') source.destroy(new Error('socket hang up'));
      else source.destroy();
      const err = await parse;
      expect(err, cut).toBeInstanceOf(ApiError);
      expect((err as ApiError).status, cut).toBe(400);
      expect((err as ApiError).detail, cut).toBe(CUT_OFF_MESSAGE);
      expect(written.size, cut).toBe(0);
      expect(discarded, cut).toEqual(['r_cc']);
    }
  });
});
