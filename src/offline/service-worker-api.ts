/**
 * What the service worker (workers/sw.ts) uses of the app: the offline outbox's sending and the
 * viewer's offline copies. The one module workers/ imports from src/ (eslint.config.js).
 */
export { OUTBOX_NAME } from './submission';
export { sendWaitingSubmissions } from './worker-send';
export { studyCacheKey, tokenSubject, trimCache, VIEWER_CODE_CACHE, VIEWER_CODE_ENTRIES, VIEWER_STUDY_CACHE, VIEWER_STUDY_ENTRIES } from './viewer-cache';
