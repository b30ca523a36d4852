import { offlineDb } from './db';

/**
 * Files picked in the submission wizard are kept at once, per user, so a reload (or a closed tab)
 * does not lose them; they leave when submitted (moved to the outbox) or replaced.
 */
export async function stageFiles(userKey: string, files: readonly File[]): Promise<void> {
  await (await offlineDb()).put('staged', { files: [...files], savedAt: Date.now() }, userKey);
}

export async function stagedFiles(userKey: string): Promise<File[] | null> {
  const set = await (await offlineDb()).get('staged', userKey);
  return set?.files.length ? set.files : null;
}

export async function clearStaged(userKey: string): Promise<void> {
  await (await offlineDb()).delete('staged', userKey);
}
