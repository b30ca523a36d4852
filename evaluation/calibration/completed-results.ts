import { VIEW_KEYS } from '../../core/contract';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { tasksRepository } from '../../server/db/repositories/tasks.repository';

/**
 * Where `npm run calibrate -- --from-database` gets a deployment's completed studies: the result
 * JSON of every completed task in the database the server uses (DATABASE_URL, or the embedded one
 * in DATA_DIR; stop the server first when it is the embedded one, which one process owns).
 */
export type CompletedResultsLoader = () => Promise<unknown[]>;

export const loadCompletedResults: CompletedResultsLoader = async () => {
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    return await tasksRepository(db).completedResults();
  } finally {
    await db.close();
  }
};

export interface LevelScores {
  view: number[];
  breast: number[];
  study: number[];
}

/**
 * The detection scores of completed results at each level: every view's (r_cc ... l_mlo), every
 * breast's (left, right) and the study's; failed and N/A ones are skipped.
 */
export function detectionScoresFromResults(results: readonly unknown[]): LevelScores {
  const out: LevelScores = { view: [], breast: [], study: [] };
  const take = (into: number[], set: unknown) => {
    const score = (set as { detection?: { score?: unknown } } | null | undefined)?.detection?.score;
    if (typeof score === 'number' && Number.isFinite(score)) into.push(score);
  };
  for (const r of results) {
    const result = r as Record<string, unknown> | null;
    if (!result) continue;
    for (const key of VIEW_KEYS) take(out.view, result[key]);
    for (const key of ['left', 'right']) take(out.breast, result[key]);
    take(out.study, result.study);
  }
  return out;
}
