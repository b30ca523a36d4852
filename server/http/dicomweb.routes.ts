import { createRoute } from '@hono/zod-openapi';
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { PATHS, ViewerToken, ViewerTokenRequest } from '../../core/contract';
import type { App, DicomwebEnv, Services } from './context';
import { bearerToken, requireDicomwebReader, requireUser } from './auth.middleware';
import { bearer, errorResponses, jsonBody, jsonResponse } from './openapi-helpers';
import { onError } from './errors';
import { ApiError } from '../errors';
import { takesDicomJson } from '../dicom/accept';

const DICOM_JSON = 'application/dicom+json';

/** PS3.18 multipart/related: one part per item, each with its own Content-Type. */
function multipart(c: Context, type: string, parts: Array<{ bytes: Uint8Array; contentType: string }>) {
  const boundary = randomUUID().replace(/-/g, '');
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Type: ${p.contentType}\r\n\r\n`), p.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return c.body(Buffer.concat(chunks), 200, { 'Content-Type': `multipart/related; type="${type}"; boundary=${boundary}` });
}

/** The base of RetrieveURL and BulkDataURI: this request's origin and prefix up to /dicomweb. */
function baseOf(c: Context): string {
  const url = new URL(c.req.url);
  return url.origin + url.pathname.slice(0, url.pathname.indexOf('/dicomweb') + '/dicomweb'.length);
}

/** DICOMweb (PS3.18): QIDO-RS and WADO-RS of the caller's studies, and the viewer token. */
export function dicomwebRoutes(app: App, s: Services) {
  app.openapi(
    createRoute({
      method: 'post', path: PATHS.viewerToken, tags: ['dicomweb'], security: bearer, middleware: [requireUser(s)],
      summary: "A 5-minute token that reads one study's images through DICOMweb (the viewer frame's `token`) and nothing else",
      request: { body: jsonBody(ViewerTokenRequest) },
      responses: { 200: jsonResponse(ViewerToken, 'The viewer token'), ...errorResponses },
    }),
    async (c) => {
      const uid = c.req.valid('json').study_instance_uid;
      // Only for a study the caller may see: another person's reads as missing.
      await s.dicomweb.ensureVisible(c.get('user'), uid);
      const { token, expiresInSeconds } = await s.auth.issueViewer(c.get('user'), uid, bearerToken(c.req.header('authorization'))!);
      return c.json({ token, token_type: 'bearer' as const, expires_in: expiresInSeconds, study_instance_uid: uid }, 200);
    },
  );

  const dw = new Hono<DicomwebEnv>();
  dw.onError(onError);
  dw.use('/studies', requireDicomwebReader(s));
  dw.use('/studies/*', requireDicomwebReader(s));
  const search = (c: Context) => new URL(c.req.url).searchParams;
  const json = (c: Context, body: unknown) => c.body(JSON.stringify(body), 200, { 'Content-Type': DICOM_JSON });
  // Searches and metadata come as DICOM JSON only: an Accept that takes none of it is answered 406
  // (PS3.18 8.7.4), not with JSON it did not ask for.
  const dicomJsonOnly = async (c: Context, next: () => Promise<void>) => {
    if (!takesDicomJson(c.req.header('accept'))) throw new ApiError(406, 'The answer can be sent only as application/dicom+json');
    await next();
  };
  for (const path of ['/studies', '/studies/:study/series', '/studies/:study/instances', '/studies/:study/series/:series/instances']) dw.get(path, dicomJsonOnly);
  for (const path of ['/studies/:study/metadata', '/studies/:study/series/:series/metadata', '/studies/:study/series/:series/instances/:sop/metadata']) dw.get(path, dicomJsonOnly);
  const accept = (c: Context) => c.req.header('accept');
  const instances = (c: Context, files: Buffer[]) =>
    multipart(c, 'application/dicom', files.map((bytes) => ({ bytes, contentType: 'application/dicom' })));

  dw.get('/studies', async (c) => json(c, await s.dicomweb.searchStudies(c.get('caller'), search(c), baseOf(c))));
  dw.get('/studies/:study', async (c) => instances(c, await s.dicomweb.instanceFiles(c.get('caller'), accept(c), c.req.param('study'))));
  dw.get('/studies/:study/metadata', async (c) => json(c, await s.dicomweb.metadata(c.get('caller'), baseOf(c), c.req.param('study'))));
  dw.get('/studies/:study/series', async (c) => json(c, await s.dicomweb.searchSeries(c.get('caller'), c.req.param('study'), search(c), baseOf(c))));
  dw.get('/studies/:study/instances', async (c) =>
    json(c, await s.dicomweb.searchInstances(c.get('caller'), c.req.param('study'), undefined, search(c), baseOf(c))),
  );
  dw.get('/studies/:study/series/:series', async (c) =>
    instances(c, await s.dicomweb.instanceFiles(c.get('caller'), accept(c), c.req.param('study'), c.req.param('series'))),
  );
  dw.get('/studies/:study/series/:series/metadata', async (c) =>
    json(c, await s.dicomweb.metadata(c.get('caller'), baseOf(c), c.req.param('study'), c.req.param('series'))),
  );
  dw.get('/studies/:study/series/:series/instances', async (c) =>
    json(c, await s.dicomweb.searchInstances(c.get('caller'), c.req.param('study'), c.req.param('series'), search(c), baseOf(c))),
  );
  dw.get('/studies/:study/series/:series/instances/:sop', async (c) =>
    instances(c, await s.dicomweb.instanceFiles(c.get('caller'), accept(c), c.req.param('study'), c.req.param('series'), c.req.param('sop'))),
  );
  dw.get('/studies/:study/series/:series/instances/:sop/metadata', async (c) =>
    json(c, await s.dicomweb.metadata(c.get('caller'), baseOf(c), c.req.param('study'), c.req.param('series'), c.req.param('sop'))),
  );
  dw.get('/studies/:study/series/:series/instances/:sop/frames/:frames', async (c) => {
    const frames = c.req.param('frames').split(',').map((f) => Number(f));
    const frame = await s.dicomweb.frame(c.get('caller'), c.req.param('study'), c.req.param('series'), c.req.param('sop'), frames, accept(c));
    const contentType = `${frame.mediaType}; transfer-syntax=${frame.transferSyntax}`;
    if (frame.single && frame.mediaType === 'application/octet-stream') return c.body(Buffer.from(frame.bytes), 200, { 'Content-Type': contentType });
    return multipart(c, frame.mediaType, [{ bytes: frame.bytes, contentType }]);
  });
  for (const kind of ['rendered', 'thumbnail'] as const) {
    dw.get(`/studies/:study/series/:series/instances/:sop/${kind}`, async (c) => {
      const image = await s.dicomweb.rendered(c.get('caller'), c.req.param('study'), c.req.param('series'), c.req.param('sop'), { thumbnail: kind === 'thumbnail', accept: accept(c) });
      return c.body(Buffer.from(image.bytes), 200, { 'Content-Type': image.mediaType });
    });
  }
  app.route('/dicomweb', dw);
}
