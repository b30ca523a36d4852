import { msg } from '../../core/i18n';
import { API_BASE, ApiError } from '../api/client';

export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * POSTs a multipart form with XMLHttpRequest, whose upload events (unlike fetch) report the bytes
 * sent. Resolves with the parsed JSON body; rejects with ApiError (status 0 for network failure).
 */
export function postMultipart(
  path: string,
  form: FormData,
  headers: Record<string, string>,
  onProgress: (p: UploadProgress) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', API_BASE + path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress({ sent: e.loaded, total: e.total });
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network Error', { detail: msg('The server could not be reached. Please check your connection.') }));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = xhr.onerror;
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject(new ApiError(xhr.status, xhr.statusText, body));
    };
    xhr.send(form);
  });
}
