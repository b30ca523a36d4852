import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';

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
    const rows = await db.query<{ result: unknown }>("SELECT result FROM tasks WHERE status = 'completed' AND result IS NOT NULL ORDER BY created_at");
    return rows.map((r) => (typeof r.result === 'string' ? JSON.parse(r.result) : r.result));
  } finally {
    await db.close();
  }
};

/** The study detection scores (result.study.detection.score) of completed results; failed or N/A ones are skipped. */
export function detectionScoresFromResults(results: readonly unknown[]): number[] {
  const scores: number[] = [];
  for (const r of results) {
    const score = (r as { study?: { detection?: { score?: unknown } } } | null)?.study?.detection?.score;
    if (typeof score === 'number' && Number.isFinite(score)) scores.push(score);
  }
  return scores;
}
