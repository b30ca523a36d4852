/**
 * Issue 20, item 1 and issue 16, item 6: DICOMweb over a person's own studies, read by the npm
 * DICOMweb client (dicomweb-client) over a real socket, and the viewer's short-lived study token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
// dicomweb-client speaks XMLHttpRequest, which Node lacks: the xhr2 polyfill stands in (test only).
import XMLHttpRequestPolyfill from 'xhr2';
import { api as dicomweb } from 'dicomweb-client';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';
import { AI_MODEL } from '../../core/decisions';
import { VIEW_KEYS, type ViewKey } from '../../core/contract';
import { makeStudyWithFiles } from '../fixtures/studies';
import type { PhantomStudy } from '../../server/phantom/types';

globalThis.XMLHttpRequest = XMLHttpRequestPolyfill;

const VIEWER_ORIGIN = 'http://viewer.test';
const LATERALITY = '00200062';
const VIEW_POSITION = '00185101';
const SOP_INSTANCE_UID = '00080018';
const STUDY_INSTANCE_UID = '0020000D';
const PIXEL_DATA = '7FE00010';
const EXPLICIT_LE = '1.2.840.10008.1.2.1';

type Json = Record<string, { vr: string; Value?: any[]; BulkDataURI?: string }>;
type Submitted = { study: PhantomStudy; files: Record<ViewKey, Uint8Array>; uid: string };

const first = (json: Json, tag: string) => json[tag]?.Value?.[0];

type Uids = { studyInstanceUID: string; seriesInstanceUID?: string; sopInstanceUID?: string };
type MediaType = { mediaType: string; transferSyntaxUID?: string };
/** The calls of dicomweb-client used here: its generated declarations mark every option as required. */
interface DicomwebClient {
  searchForStudies(o?: { queryParams?: Record<string, string> }): Promise<Json[]>;
  searchForSeries(o: Uids): Promise<Json[]>;
  searchForInstances(o: Uids): Promise<Json[]>;
  retrieveStudyMetadata(o: Uids): Promise<Json[]>;
  retrieveInstance(o: Required<Uids>): Promise<ArrayBuffer>;
  retrieveInstanceFrames(o: Required<Uids> & { frameNumbers: number[]; mediaTypes?: MediaType[] }): Promise<ArrayBuffer[]>;
  retrieveInstanceRendered(o: Required<Uids> & { mediaTypes?: MediaType[] }): Promise<ArrayBuffer[]>;
}
const DICOMwebClient = dicomweb.DICOMwebClient as unknown as new (o: { url: string; headers: Record<string, string> }) => DicomwebClient;

describe(`DICOMweb on ${dbLabel()}`, () => {
  let api: ApiHarness;
  let server: ServerType;
  let base: string;
  let owner: Awaited<ReturnType<ApiHarness['createUser']>>;
  let other: Awaited<ReturnType<ApiHarness['createUser']>>;
  let plain: Submitted;
  let j2k: Submitted;

  const client = (token: string) => new DICOMwebClient({ url: `${base}/api/v1/dicomweb`, headers: { Authorization: `Bearer ${token}` } });

  async function submit(token: string, seed: number, transferSyntax: 'explicit-le' | 'jpeg2000', patientId = `PAT-${seed}`): Promise<Submitted> {
    const patient = { id: patientId, name: `Phantom^Seed${seed}`, birthDate: '19650301', sex: 'F' as const };
    const { study, files } = await makeStudyWithFiles({ seed, transferSyntax, patient });
    const form = new FormData();
    form.set('ai_model', AI_MODEL);
    for (const key of VIEW_KEYS) form.append(key, new Blob([new Uint8Array(files[key])]), `${key}.dcm`);
    const res = await api.request('POST', '/tasks/', { token, body: form });
    expect(res.status).toBe(200);
    expect(res.data.dcm_study_instance_uid).toBe(study.studyInstanceUid);
    return { study, files, uid: study.studyInstanceUid };
  }

  const viewOf = (s: Submitted, sop: string) => VIEW_KEYS.find((k) => s.study.sopInstanceUids[k] === sop)!;
  const uids = (s: Submitted, key: ViewKey) => ({
    studyInstanceUID: s.uid,
    seriesInstanceUID: s.study.seriesInstanceUids[key],
    sopInstanceUID: s.study.sopInstanceUids[key],
  });

  async function viewerToken(token: string, studyUid: string) {
    return api.request('POST', '/dicomweb/viewer-token', { token, json: { study_instance_uid: studyUid } });
  }

  beforeAll(async () => {
    api = await startApi({ CORS_ORIGINS: VIEWER_ORIGIN });
    server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server.once('listening', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    owner = await api.createUser({ submission_limit: 2 });
    other = await api.createUser({ submission_limit: 2 });
    plain = await submit(owner.token, 201, 'explicit-le');
    j2k = await submit(other.token, 202, 'jpeg2000');
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await api?.close();
  });

  it("search finds the caller's own study and never another person's; a superuser finds both", async () => {
    const mine = (await client(owner.token).searchForStudies());
    expect(mine.map((s) => first(s, STUDY_INSTANCE_UID))).toEqual([plain.uid]);
    expect(first(mine[0], '00080061')).toBe('MG');
    expect(first(mine[0], '00201208')).toBe(4);
    expect(first(mine[0], '00100020')).toBe(plain.study.patient.id);
    expect(await client(owner.token).searchForStudies({ queryParams: { StudyInstanceUID: j2k.uid } })).toEqual([]);
    expect(await client(owner.token).searchForStudies({ queryParams: { PatientID: j2k.study.patient.id } })).toEqual([]);
    // Matching: patient id with a wildcard, a date range, the modality, paging and includefield.
    const q = { PatientID: `${plain.study.patient.id.slice(0, 3)}*`, StudyDate: `19000101-${plain.study.studyDate}`, ModalitiesInStudy: 'MG', includefield: 'StudyDescription,00080050' };
    const found = (await client(owner.token).searchForStudies({ queryParams: q }));
    expect(found).toHaveLength(1);
    expect(first(found[0], '00081030')).toBe('Synthetic screening mammogram (phantom)');
    expect(first(found[0], '00080050')).toBe(`PH${plain.study.seed}`);
    expect(await client(owner.token).searchForStudies({ queryParams: { ModalitiesInStudy: 'CT' } })).toEqual([]);
    expect(await client(owner.token).searchForStudies({ queryParams: { offset: '1' } })).toEqual([]);

    const all = (await client(api.superToken).searchForStudies({ queryParams: { limit: '10' } }));
    expect(all.map((s) => first(s, STUDY_INSTANCE_UID)).sort()).toEqual([plain.uid, j2k.uid].sort());
    expect(await client(api.superToken).searchForStudies({ queryParams: { limit: '1' } })).toHaveLength(1);

    const series = (await client(owner.token).searchForSeries({ studyInstanceUID: plain.uid }));
    expect(series).toHaveLength(4);
    const instances = (await client(owner.token).searchForInstances({ studyInstanceUID: plain.uid, seriesInstanceUID: plain.study.seriesInstanceUids.l_mlo }));
    expect(instances.map((i) => first(i, SOP_INSTANCE_UID))).toEqual([plain.study.sopInstanceUids.l_mlo]);
  });

  it('metadata has the four instances with laterality and view, and pixel data as a BulkDataURI', async () => {
    const meta = (await client(owner.token).retrieveStudyMetadata({ studyInstanceUID: plain.uid }));
    expect(meta).toHaveLength(4);
    const views = meta.map((m) => `${first(m, LATERALITY)} ${first(m, VIEW_POSITION)}`).sort();
    expect(views).toEqual(['L CC', 'L MLO', 'R CC', 'R MLO']);
    for (const m of meta) {
      const key = viewOf(plain, first(m, SOP_INSTANCE_UID));
      expect(`${first(m, LATERALITY)} ${first(m, VIEW_POSITION)}`).toBe(`${plain.study.views[key].laterality} ${plain.study.views[key].viewPosition}`);
      expect(m[PIXEL_DATA].BulkDataURI).toMatch(new RegExp(`/api/v1/dicomweb/studies/${plain.uid}/series/.+/instances/${first(m, SOP_INSTANCE_UID)}/frames/1$`));
      expect(first(m, '00280010')).toBe(plain.study.views[key].height);
    }
    const res = await fetch(`${base}/api/v1/dicomweb/studies/${plain.uid}/metadata`, { headers: { Authorization: `Bearer ${owner.token}` } });
    expect(res.headers.get('content-type')).toBe('application/dicom+json');
  });

  it('retrieved frames equal the uploaded pixel data, uncompressed and JPEG 2000', async () => {
    for (const key of VIEW_KEYS) {
      const [frame] = (await client(owner.token).retrieveInstanceFrames({ ...uids(plain, key), frameNumbers: [1] }));
      expect(new Uint16Array(frame.slice(0))).toEqual(plain.study.views[key].pixels);
    }
    for (const key of VIEW_KEYS) {
      const asked = { ...uids(j2k, key), frameNumbers: [1] };
      const [raw] = (await client(other.token).retrieveInstanceFrames({ ...asked, mediaTypes: [{ mediaType: 'application/octet-stream', transferSyntaxUID: EXPLICIT_LE }] }));
      expect(new Uint16Array(raw.slice(0))).toEqual(j2k.study.views[key].pixels);
      // Stored syntax: the JPEG 2000 code stream as uploaded (SOC and SIZ markers first).
      const [stored] = (await client(other.token).retrieveInstanceFrames({ ...asked, mediaTypes: [{ mediaType: 'application/octet-stream', transferSyntaxUID: '*' }] }));
      expect([...new Uint8Array(stored.slice(0, 4))]).toEqual([0xff, 0x4f, 0xff, 0x51]);
      expect(stored.byteLength).toBeLessThan(raw.byteLength);
    }
    // The whole instance is the file as uploaded.
    const instance = (await client(owner.token).retrieveInstance(uids(plain, 'r_cc')));
    expect(Buffer.from(instance)).toEqual(Buffer.from(plain.files.r_cc));
  });

  it('renders a view and its thumbnail as PNG or JPEG', async () => {
    const [png] = (await client(owner.token).retrieveInstanceRendered({ ...uids(plain, 'l_cc'), mediaTypes: [{ mediaType: 'image/png' }] }));
    expect(Buffer.from(png).subarray(1, 4).toString()).toBe('PNG');
    const thumb = await fetch(`${base}/api/v1/dicomweb/studies/${plain.uid}/series/${plain.study.seriesInstanceUids.l_cc}/instances/${plain.study.sopInstanceUids.l_cc}/thumbnail`, {
      headers: { Authorization: `Bearer ${owner.token}`, Accept: 'image/jpeg' },
    });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await thumb.arrayBuffer()).subarray(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it('a type the server cannot send is answered 406, never bytes of another type (found by an audit)', async () => {
    const asking = (path: string, accept: string) => fetch(`${base}/api/v1/dicomweb/${path}`, { headers: { Authorization: `Bearer ${other.token}`, Accept: accept } });
    const instance = `studies/${j2k.uid}/series/${j2k.study.seriesInstanceUids.r_cc}/instances/${j2k.study.sopInstanceUids.r_cc}`;
    // A JPEG 2000 frame asked as JPEG or JPEG-LS was sent as JPEG 2000; a web page got it too.
    for (const accept of ['multipart/related; type="image/jpeg"', 'multipart/related; type="image/jls"; transfer-syntax=1.2.840.10008.1.2.4.80', 'text/html',
      'multipart/related; type="application/octet-stream"; transfer-syntax=1.2.840.10008.1.2.5']) {
      const res = await asking(`${instance}/frames/1`, accept);
      expect(res.status, accept).toBe(406);
      expect((await res.json()).detail, accept).toMatch(/stored transfer syntax or uncompressed/);
    }
    for (const accept of ['application/pdf', 'image/gif']) {
      const res = await asking(`${instance}/rendered`, accept);
      expect(res.status, accept).toBe(406);
      expect((await res.json()).detail).toBe('The image can be sent only as image/png or image/jpeg');
    }
    const json = await asking(instance, 'application/json');
    expect(json.status).toBe(406);
    // The file as uploaded is JPEG 2000: asked in Explicit VR Little Endian, it was sent as JPEG 2000.
    expect((await asking(instance, `multipart/related; type="application/dicom"; transfer-syntax=${EXPLICIT_LE}`)).status).toBe(406);
    expect((await asking(instance, 'multipart/related; type="application/dicom"; transfer-syntax=1.2.840.10008.1.2.4.90')).status).toBe(200);
    // Searches and metadata are DICOM JSON only; asked as XML or a web page they were JSON anyway.
    for (const path of [`studies/${j2k.uid}/metadata`, 'studies', `studies/${j2k.uid}/series`]) {
      const xml = await asking(path, 'multipart/related; type="application/dicom+xml"');
      expect(xml.status, path).toBe(406);
      expect((await xml.json()).detail).toBe('The answer can be sent only as application/dicom+json');
      expect((await asking(path, 'text/html')).status, path).toBe(406);
      expect((await asking(path, 'application/json')).status, path).toBe(200);
    }
    // What it can send is still sent: its own type, the stored syntax, anything, or uncompressed.
    for (const accept of ['multipart/related; type="image/jp2"', 'multipart/related; type="image/jp2"; transfer-syntax=1.2.840.10008.1.2.4.90',
      'multipart/related; type=application/octet-stream; transfer-syntax=*', 'image/jls, */*']) {
      const res = await asking(`${instance}/frames/1`, accept);
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-type'), accept).toMatch(/^multipart\/related; type="image\/jp2"/);
    }
    expect((await asking(`${instance}/rendered`, 'image/*')).headers.get('content-type')).toBe('image/png');
    expect((await asking(instance, 'multipart/related; type="application/dicom"')).status).toBe(200);
    // Another person's study stays a 404 whatever the Accept, so the answer says nothing about it.
    const theirs = await fetch(`${base}/api/v1/dicomweb/${instance}/frames/1`, { headers: { Authorization: `Bearer ${owner.token}`, Accept: 'text/html' } });
    expect(theirs.status).toBe(404);
  });

  it("another person's study is indistinguishable from a missing one", async () => {
    const c = client(owner.token);
    for (const uid of [j2k.uid, '1.2.3.4.5.6']) {
      const paths = [`studies/${uid}/metadata`, `studies/${uid}/series`, `studies/${uid}`, `studies/${uid}/series/${j2k.study.seriesInstanceUids.r_cc}/instances/${j2k.study.sopInstanceUids.r_cc}/frames/1`];
      for (const p of paths) {
        const res = await fetch(`${base}/api/v1/dicomweb/${p}`, { headers: { Authorization: `Bearer ${owner.token}` } });
        expect(res.status, p).toBe(404);
        expect(await res.json()).toEqual({ detail: 'Study not found' });
      }
    }
    await expect(c.retrieveStudyMetadata({ studyInstanceUID: j2k.uid })).rejects.toMatchObject({ status: 404 });
    expect((await viewerToken(owner.token, j2k.uid)).status).toBe(404);
    expect((await fetch(`${base}/api/v1/dicomweb/studies`)).status).toBe(401);
  });

  it('a hostile UID or wildcard gets an answer, not a 500 or a stalled server (found by a review)', async () => {
    const get = (p: string) => fetch(`${base}/api/v1/dicomweb/${p}`, { headers: { Authorization: `Bearer ${owner.token}` } });
    // A NUL byte, or anything else that is no UID, names no study; PostgreSQL refused the NUL with a 500.
    for (const uid of ['%00', '1.2%003', 'x'.repeat(200)]) {
      expect((await get(`studies/${uid}/metadata`)).status, uid).toBe(404);
      const search = await get(`studies?StudyInstanceUID=${uid}`);
      expect(search.status, uid).toBe(200);
      expect(await search.json()).toEqual([]);
    }
    // Matched as a regular expression, ?*?*...! against the ~90-character RetrieveURL took minutes.
    const hostile = await get(`studies?00081190=${encodeURIComponent('?*'.repeat(12) + '!')}`);
    expect(hostile.status).toBe(200);
    expect(await hostile.json()).toEqual([]);
    const fitting = await get(`studies?00081190=${encodeURIComponent('*?*' + plain.uid + '*')}`);
    expect((await fitting.json()).map((s: Json) => first(s, STUDY_INSTANCE_UID))).toEqual([plain.uid]);
    // Keys that are names on every object, not attribute keywords, are ignored like any unknown key:
    // read through the dictionary's prototype they answered 500 (found by an audit).
    for (const key of ['constructor', '__proto__', 'hasOwnProperty']) {
      const all = await get(`studies?${key}=1`);
      expect(all.status, key).toBe(200);
      expect((await all.json()).map((s: Json) => first(s, STUDY_INSTANCE_UID)), key).toContain(plain.uid);
    }
    // A date that is no date was compared as text and matched every study (found by an audit).
    for (const p of [`studies?StudyDate=${encodeURIComponent("'; DROP TABLE tasks;--")}`, 'studies?StudyDate=yesterday', `studies/${plain.uid}/series?StudyTime=noon-`]) {
      const res = await get(p);
      expect(res.status, p).toBe(400);
      expect((await res.json()).detail, p).toMatch(/^Study(Date|Time) must be a (date|time) \((YYYYMMDD|HHMMSS)\) or a range/);
    }
    for (const p of ['studies?StudyDate=*', `studies?StudyTime=0900-`, `studies?StudyDate=-${plain.study.studyDate}`]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect((await res.json()).map((s: Json) => first(s, STUDY_INSTANCE_UID)), p).toEqual([plain.uid]);
    }
    for (const p of ['studies?includefield=toString', `studies/${plain.uid}/series?constructor=1`, `studies/${plain.uid}/instances?includefield=valueOf`]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect((await res.json()).length, p).toBeGreaterThan(0);
    }
  });

  it('the viewer token reads that one study, by header or ?token=, and nothing else', async () => {
    const issued = await viewerToken(owner.token, plain.uid);
    expect(issued.status).toBe(200);
    expect(issued.data).toMatchObject({ token_type: 'bearer', study_instance_uid: plain.uid });
    expect(issued.data.expires_in).toBeLessThanOrEqual(10 * 60);
    const scoped: string = issued.data.token;

    const meta = (await client(scoped).retrieveStudyMetadata({ studyInstanceUID: plain.uid }));
    expect(meta).toHaveLength(4);
    const byQuery = await fetch(`${base}/api/v1/dicomweb/studies/${plain.uid}/series/${plain.study.seriesInstanceUids.r_mlo}/instances/${plain.study.sopInstanceUids.r_mlo}/frames/1?token=${scoped}`, {
      headers: { Accept: `multipart/related; type="application/octet-stream"; transfer-syntax=${EXPLICIT_LE}` },
    });
    expect(byQuery.status).toBe(200);
    expect(byQuery.headers.get('content-type')).toMatch(/^multipart\/related; type="application\/octet-stream"; boundary=/);
    // A search with the token sees its study only.
    const superScoped = (await viewerToken(api.superToken, plain.uid)).data.token;
    expect((await client(superScoped).searchForStudies()).map((s) => first(s, STUDY_INSTANCE_UID))).toEqual([plain.uid]);

    // Another study (even one a superuser's token could read) reads as missing.
    await expect(client(superScoped).retrieveStudyMetadata({ studyInstanceUID: j2k.uid })).rejects.toMatchObject({ status: 404 });
    expect((await fetch(`${base}/api/v1/dicomweb/studies/${j2k.uid}/metadata?token=${superScoped}`)).status).toBe(404);

    // Everywhere else the API refuses it.
    for (const [method, url] of [['GET', '/users/me'], ['GET', '/tasks/'], ['GET', '/tasks/last'], ['POST', '/login/logout']] as const) {
      expect((await api.request(method, url, { token: scoped })).status, url).toBe(401);
    }
    expect((await viewerToken(scoped, plain.uid)).status).toBe(401);
    // The full access token never travels in a URL: in ?token= it is refused.
    expect((await fetch(`${base}/api/v1/dicomweb/studies/${plain.uid}/metadata?token=${owner.token}`)).status).toBe(401);
    // A new password ends it, as it ends the sessions.
    const changed = await api.request('PATCH', '/users/me/password', { token: owner.token, json: { current_password: owner.password, new_password: `${owner.password}-new` } });
    expect(changed.status).toBe(200);
    await new Promise((r) => setTimeout(r, api.config.authCacheMs + 50));
    expect((await fetch(`${base}/api/v1/dicomweb/studies/${plain.uid}/metadata?token=${scoped}`)).status).toBe(401);
    owner.token = changed.data.access_token;
    owner.password = `${owner.password}-new`;

    // Logging out of the session that asked for it ends it; the user's other sessions' tokens live on.
    const other = await api.login(owner.email, owner.password);
    const [mine, theirs] = [(await viewerToken(owner.token, plain.uid)).data.token, (await viewerToken(other, plain.uid)).data.token];
    const metadata = async (token: string) => (await fetch(`${base}/api/v1/dicomweb/studies/${plain.uid}/metadata?token=${token}`)).status;
    expect([await metadata(mine), await metadata(theirs)]).toEqual([200, 200]);
    expect((await api.request('POST', '/login/logout', { token: owner.token })).status).toBe(200);
    expect([await metadata(mine), await metadata(theirs)]).toEqual([401, 200]);
    owner.token = other;
  });

  it('unknown paths under /api answer 404 JSON, never the app', async () => {
    for (const p of ['/api', '/api/nothing', '/api/v2/studies', '/api/v1/nothing', '/api/v1/dicomweb', '/api/v1/dicomweb/nothing', '//api/v1/users/me', '/API/v1/users/me', '/Api']) {
      const res = await fetch(`${base}${p}`, { headers: { Authorization: `Bearer ${owner.token}` } });
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ detail: 'Not Found' });
    }
  });

  it('answers a configured viewer origin with CORS, so an OHIF deployment can read it', async () => {
    const preflight = await fetch(`${base}/api/v1/dicomweb/studies`, {
      method: 'OPTIONS',
      headers: { Origin: VIEWER_ORIGIN, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,accept' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(VIEWER_ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const res = await fetch(`${base}/api/v1/dicomweb/studies`, { headers: { Origin: VIEWER_ORIGIN, Authorization: `Bearer ${owner.token}` } });
    expect(res.headers.get('access-control-allow-origin')).toBe(VIEWER_ORIGIN);
    const foreign = await fetch(`${base}/api/v1/dicomweb/studies`, { headers: { Origin: 'http://elsewhere.test', Authorization: `Bearer ${owner.token}` } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  // Last: it adds a task to the other person. Anyone can write any study UID into a file.
  it("another person's later upload with the same study UID does not stand in for hers in an administrator's view", async () => {
    const impostor = await submit(other.token, 201, 'explicit-le', 'EVIL-201');
    expect(impostor.uid).toBe(plain.uid);
    const patientIds = async (token: string) =>
      (await client(token).retrieveStudyMetadata({ studyInstanceUID: plain.uid })).map((m) => first(m, '00100020'));
    expect(await patientIds(api.superToken)).toEqual(['PAT-201', 'PAT-201', 'PAT-201', 'PAT-201']);
    const byStudy = await api.request('GET', `/tasks/study/${plain.uid}`, { token: api.superToken });
    expect(byStudy.data.dcm_patient_id).toBe('PAT-201');
    const listed = await client(api.superToken).searchForStudies({ queryParams: { StudyInstanceUID: plain.uid } });
    expect(listed.map((st) => first(st, '00100020'))).toEqual(['PAT-201']);
    // Each person still reads her own upload.
    expect(await patientIds(owner.token)).toEqual(['PAT-201', 'PAT-201', 'PAT-201', 'PAT-201']);
    expect(await patientIds(other.token)).toEqual(['EVIL-201', 'EVIL-201', 'EVIL-201', 'EVIL-201']);
  });
});
