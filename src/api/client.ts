import type { z } from 'zod';
import { errorText } from '../../core/contract';
import { msg } from '../../core/i18n';
import { getToken } from '../session/token';
import { storedLanguage } from '../i18n/stored';

export const API_BASE = '/api/v1';

/**
 * An API failure (spec section 8): the status, the parsed body and the text a person should see.
 * 422 is labelled 'Validation Error'; a network failure has status 0.
 *
 * The texts stay English here (the service worker uses this module and does not carry i18next):
 * they are the keys of their Swedish, translated where they are shown, `t(error.detailText())`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(status === 422 ? 'Validation Error' : statusText || 'Generic Error');
    this.name = 'ApiError';
  }

  /** The detail, or the first item's msg, or the fallback (in English: show it with t()). */
  detailText(fallback: string = msg('Something went wrong.')): string {
    return errorText(this.body, fallback);
  }

  /** True when the detail is a list (a 422 from the schema), not a sentence from the server. */
  get detailIsList(): boolean {
    return !!this.body && typeof this.body === 'object' && Array.isArray((this.body as { detail?: unknown }).detail);
  }
}

type Body = { json: unknown } | { form: Record<string, string> } | { multipart: FormData } | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: Body;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The bearer token; by default the session's (the service worker, with no local storage, passes its own). */
  token?: string | null;
}

/** How long after the page opened an early answer is still taken (a slow start on a busy machine took 10 s). */
const EARLY_ANSWER_FOR_MS = 60_000;

/** Requests public/before-app.js sent before the app's code loaded, by "METHOD /path". */
interface EarlyAnswer {
  token: string;
  response: Promise<Response>;
}
declare global {
  var __sdEarlyAnswers: Record<string, EarlyAnswer | undefined> | undefined;
}

/**
 * The answer before-app.js already asked for, once: for the same request (a GET without query,
 * with the same token and no headers of its own), else undefined. Taken or not, it is not kept.
 */
function takeEarlyAnswer(method: string, path: string, token: string | null, options: RequestOptions): Promise<Response> | undefined {
  const key = `${method} ${path}`;
  const early = globalThis.__sdEarlyAnswers?.[key];
  if (!early) return undefined;
  delete globalThis.__sdEarlyAnswers![key];
  // Asked at start-up: a first request much later (none came sooner) asks afresh.
  const fresh = performance.now() < EARLY_ANSWER_FOR_MS;
  const same = method === 'GET' && !options.body && !options.query && !options.headers && early.token === token && !options.signal?.aborted;
  return same && fresh ? early.response : undefined;
}

/** One call to the API, its response parsed with the contract's schema (never cast). */
export async function request<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.output<S>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.token === undefined ? getToken() : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  // The language of the mails a request may send (sign-up, password recovery).
  const language = storedLanguage();
  if (language && !headers['Accept-Language']) headers['Accept-Language'] = language;
  let body: BodyInit | undefined;
  const b = options.body;
  if (b && 'json' in b) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(b.json);
  } else if (b && 'form' in b) {
    body = new URLSearchParams(b.form);
  } else if (b && 'multipart' in b) {
    body = b.multipart;
  }
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) params.set(k, String(v));
  const url = API_BASE + path + (params.size ? `?${params}` : '');

  // A connection can drop before the answer starts or while its body is read (a navigation or an
  // unstable network cancels both): either way it is a network failure, status 0, never an answer.
  let response: Response;
  let text: string;
  try {
    const method = options.method ?? 'GET';
    response = await (takeEarlyAnswer(method, path, token, options) ?? fetch(url, { method, headers, body, credentials: 'include', signal: options.signal }));
    text = await response.text();
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, 'Network Error', { detail: msg('The server could not be reached. Please check your connection.') });
  }
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) throw new ApiError(response.status, response.statusText, data);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, 'Unexpected response', { detail: msg('The server sent an answer this page does not understand.') });
  return parsed.data;
}
