import { isFailed, type ScoredResult, type TaskListItem, type TaskStatus } from '../../../core/contract';
import { parseUtc } from './format';
import { SCORE_TABS, type ScoreTabKey } from './tabs';

/**
 * Her studies over time (issue 18, item 1): the list of her submissions and, from two scored
 * studies on, each score's course. Pure, so the unit tests read it without a page.
 */

/** GET /tasks/ answers a superuser everyone's tasks: her history is only her own. */
export function ownStudies<T extends Pick<TaskListItem, 'owner_id'>>(items: readonly T[], userId: string): T[] {
  return items.filter((t) => t.owner_id === userId);
}

/** The result of a study the engine scored, or null (queued, running, failed). */
export function scoredResult(task: { status: TaskStatus; result: TaskListItem['result'] }): ScoredResult | null {
  return task.status === 'completed' && task.result && !isFailed(task.result) ? task.result : null;
}

export interface TrendPoint {
  id: string;
  /** When she submitted it (the x of the chart). */
  at: Date;
  /** The score in [0, 1]. */
  score: number;
}

export interface TrendSeries {
  key: ScoreTabKey;
  title: string;
  /** Oldest first; only the studies where this score could be worked out. */
  points: TrendPoint[];
}

/**
 * Each score's points across her scored studies, oldest first (the list comes newest first).
 * A score that could not be worked out in a study leaves that study out of its own line only.
 */
export function trendSeries(studies: readonly Pick<TaskListItem, 'id' | 'created_at' | 'status' | 'result'>[]): TrendSeries[] {
  const scored = studies
    .map((t) => ({ t, r: scoredResult(t) }))
    .filter((x): x is { t: (typeof studies)[number]; r: ScoredResult } => x.r !== null)
    .map(({ t, r }) => ({ id: t.id, at: parseUtc(t.created_at), r }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  return SCORE_TABS.map((tab) => ({
    key: tab.key,
    title: tab.title,
    points: scored.flatMap(({ id, at, r }) => {
      const score = r.study[tab.score]?.score;
      return score === null || score === undefined ? [] : [{ id, at, score }];
    }),
  }));
}

/** The trend is drawn from two scored studies on. */
export function hasTrend(series: readonly TrendSeries[]): boolean {
  return series.some((s) => s.points.length >= 2);
}

/** How a score moved from her first to her last study, in words (the chart's text equivalent). */
export function trendWords(series: TrendSeries): string {
  const p = series.points;
  if (p.length === 0) return `${series.title}: could not be worked out.`;
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  if (p.length === 1) return `${series.title}: ${pct(p[0].score)} in one study.`;
  const first = p[0].score;
  const last = p[p.length - 1].score;
  const diff = Math.round(last * 100) - Math.round(first * 100);
  const how = diff === 0 ? 'the same as' : diff > 0 ? `up ${diff} points from` : `down ${-diff} points from`;
  return `${series.title}: ${pct(last)} in your newest study, ${how} ${pct(first)} in your first.`;
}

/** Where a point of a small chart goes: x spread evenly over the studies, y from 0% (bottom) to 100%. */
export function chartPoint(index: number, count: number, score: number, box: { width: number; height: number; pad: number }): { x: number; y: number } {
  const inner = box.width - 2 * box.pad;
  const x = count <= 1 ? box.width / 2 : box.pad + (index / (count - 1)) * inner;
  const y = box.pad + (1 - Math.min(1, Math.max(0, score))) * (box.height - 2 * box.pad);
  return { x, y };
}

/** The words for a study that is not (yet) scored, as the history shows it. */
export function statusWords(status: TaskStatus, failed: boolean): string | null {
  if (failed || status === 'failed') return 'Could not be scored';
  if (status === 'queued') return 'Waiting to be looked at';
  if (status === 'running') return 'Being looked at';
  return null;
}
