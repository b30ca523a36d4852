/**
 * The viewer's offline copies (issue 20): the DICOMweb answers a study was read with (its search
 * answers, metadata and frames) and the viewer's own code, kept by the service worker
 * (workers/sw.ts) so that a study opened once opens again with no network. Bounded: the oldest
 * entries go first. The study copies are a person's images: they are kept per person (the token's
 * subject is part of the key) and deleted at logout; the code copies are not personal.
 */
export const VIEWER_STUDY_CACHE = 'sd-viewer-studies-v1';
export const VIEWER_CODE_CACHE = 'sd-viewer-code-v1';
/**
 * Full-field frames are megabytes each: about eight four-view studies, each its metadata, four
 * frames and four display images (the previews, a few hundred kilobytes each).
 */
export const VIEWER_STUDY_ENTRIES = 80;
export const VIEWER_CODE_ENTRIES = 40;

/** The subject of a bearer token (the user id), or null when it cannot be read. */
export function tokenSubject(authorization: string | null): string | null {
  const token = authorization?.replace(/^Bearer\s+/i, '');
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof json.sub === 'string' ? json.sub : null;
  } catch {
    return null;
  }
}

/** The cache key of a person's DICOMweb answer: the URL, marked with whose it is. */
export function studyCacheKey(url: string, subject: string): string {
  return `${url}${url.includes('#') ? '&' : '#'}sd-user=${encodeURIComponent(subject)}`;
}

/** Removes the oldest entries of a cache beyond `max` (Cache keys come in insertion order). */
export async function trimCache(cache: Cache, max: number): Promise<void> {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

/** After "Delete this study": the person's copies of that study's images go with it. */
export async function forgetViewerStudy(studyInstanceUid: string): Promise<void> {
  if (typeof caches === 'undefined' || !(await caches.has(VIEWER_STUDY_CACHE))) return;
  const cache = await caches.open(VIEWER_STUDY_CACHE);
  for (const key of await cache.keys()) {
    // /api/v1/dicomweb/studies/{uid}/...
    const parts = new URL(key.url).pathname.split('/');
    if (parts[4] === 'studies' && decodeURIComponent(parts[5] ?? '') === studyInstanceUid) await cache.delete(key);
  }
}

/** At logout: the person's study copies go with the session. */
export async function forgetViewerStudies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(VIEWER_STUDY_CACHE).catch(() => undefined);
}
