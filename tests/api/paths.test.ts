import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, honoPath, PATHS } from '../../core/contract';
import { startApi, type ApiHarness } from '../support/api-harness';
import { dbLabel } from '../support/test-db';

/** The paths the app calls are written once (core/contract/paths.ts) and are the server's routes. */
describe(`the API's paths, one list for the server and the app (${dbLabel()})`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => api?.close());

  it('every path of the list is a documented route, and every documented route is in the list', async () => {
    const doc = (await api.request('GET', '/openapi.json')).data as { paths: Record<string, unknown> };
    // DICOMweb's own paths (PS3.18) are the standard's, read by DICOMweb clients, not by the app.
    const documented = Object.keys(doc.paths).filter((p) => !p.startsWith('/dicomweb/') || p === PATHS.viewerToken);
    expect(new Set(documented)).toEqual(new Set(Object.values(PATHS)));
  });

  it('fills a path in so that the server finds the route, whatever the value holds', async () => {
    expect(apiPath(PATHS.taskImage, { task_id: 'abc', view_position: 'r_cc' })).toBe('/tasks/abc/image/r_cc');
    expect(apiPath(PATHS.passwordRecovery, { email: 'a+b/c@example.com' })).toBe('/password-recovery/a%2Bb%2Fc%40example.com');
    expect(apiPath(PATHS.me)).toBe('/users/me');
    expect(honoPath(PATHS.demoTaskImage)).toBe('/demo/tasks/:demo_user_id/image/:view_position');
    expect(() => apiPath(PATHS.task, {} as { task_id: string })).toThrow(/task_id/);
    // An address with a slash reaches the recovery route (a 404 for the route would be "Not Found").
    const res = await api.request('POST', apiPath(PATHS.passwordRecovery, { email: 'no/such@example.com' }));
    expect(res.data).not.toEqual({ detail: 'Not Found' });
  });
});
