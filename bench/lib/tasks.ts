import type { ViewKey } from '../../core/contract';
import { submissionFormData } from '../../core/contract';

/** Submits a four-view study as the app does (POST /tasks/); the new task's id. */
export async function submit(base: string, token: string, files: Record<ViewKey, Uint8Array>): Promise<string> {
  const blobs = Object.fromEntries(Object.entries(files).map(([k, b]) => [k, new Blob([new Uint8Array(b)])])) as Record<ViewKey, Blob>;
  const res = await fetch(`${base}/api/v1/tasks/`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: submissionFormData(blobs) });
  if (res.status !== 200) throw new Error(`submit answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** Polls the task every `everyMs` until it completes; throws when it fails. */
export async function waitCompleted(base: string, token: string, id: string, everyMs = 50): Promise<void> {
  for (;;) {
    const res = await fetch(`${base}/api/v1/tasks/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const task = (await res.json()) as { status: string; result?: { error?: string } };
    if (task.status === 'completed') return;
    if (task.status === 'failed') throw new Error(`task ${id} failed: ${task.result?.error}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Submits a study as `submit` does, its body sent at `megabytesPerSecond` (a patient's connection
 * rather than the loopback); the new task's id.
 */
export async function submitMetered(base: string, token: string, files: Record<ViewKey, Uint8Array>, megabytesPerSecond: number): Promise<string> {
  const blobs = Object.fromEntries(Object.entries(files).map(([k, b]) => [k, new Blob([new Uint8Array(b)])])) as Record<ViewKey, Blob>;
  const encoded = new Request('http://localhost/', { method: 'POST', body: submissionFormData(blobs) });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const CHUNK = 256 * 1024;
  let sent = 0;
  const t0 = performance.now();
  const body = new ReadableStream<Uint8Array>({
    async pull(c) {
      if (sent >= bytes.length) return c.close();
      const due = t0 + (sent / (megabytesPerSecond * 1e6)) * 1000;
      if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
      c.enqueue(bytes.subarray(sent, sent + CHUNK));
      sent += CHUNK;
    },
  });
  const res = await fetch(`${base}/api/v1/tasks/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')! },
    body,
    duplex: 'half',
  } as RequestInit);
  if (res.status !== 200) throw new Error(`submit answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}
