import { ORTHANC_MISSING, orthancBinary, startOrthanc, type OrthancProcess } from '../../scripts/lib/orthanc-process';

/** Set when Orthanc is not installed: the Orthanc tests are skipped with this as their reason. */
export const orthancMissing: string | null = orthancBinary() ? null : ORTHANC_MISSING;
if (orthancMissing) console.warn(`Orthanc tests skipped: ${orthancMissing}`);

export { startOrthanc, type OrthancProcess };

/** Orthanc's REST API as an operator would read it (basic auth), to check what the product stored. */
export function orthancRest(o: Pick<OrthancProcess, 'url' | 'username' | 'password'>) {
  // Uncompressed, as the product asks (server/storage/orthanc-store.ts).
  const headers = { authorization: `Basic ${Buffer.from(`${o.username}:${o.password}`).toString('base64')}`, 'accept-encoding': 'identity' };
  return {
    async get(route: string): Promise<any> {
      const res = await fetch(`${o.url}${route}`, { headers });
      if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
      return res.json();
    },
    /** The Orthanc ids of the instances of a study, by its Study Instance UID. */
    async instancesOfStudy(studyUid: string): Promise<string[]> {
      const res = await fetch(`${o.url}/tools/find`, { method: 'POST', headers, body: JSON.stringify({ Level: 'Instance', Query: { StudyInstanceUID: studyUid } }) });
      if (!res.ok) throw new Error(`find: ${res.status}`);
      return res.json() as Promise<string[]>;
    },
    async file(id: string): Promise<Buffer> {
      const res = await fetch(`${o.url}/instances/${id}/file`, { headers });
      if (!res.ok) throw new Error(`file: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
