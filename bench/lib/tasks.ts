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
