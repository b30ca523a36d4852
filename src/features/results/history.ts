import { isFailed, type ScoredResult, type TaskListItem, type TaskStatus } from '../../../core/contract';
import { msg, t } from '../../i18n';
import { parseUtc } from './format';
import { SCORE_TABS, type ScoreTabKey } from './tabs';

/**
 * Her studies over time (issue 18, item 1): the list of her submissions and, from two scored
 * studies on, each score's course. Pure, so the unit tests read it without a page.
 */

/** GET /tasks/ answers a superuser everyone's tasks: her history is only her own. */
export function ownStudies<T extends Pick<TaskListItem, 'owner_id'>>(items: readonly T[], userId: string): T[] {
  return items.filter((task) => task.owner_id === userId);
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
  /** The score's name, its English key (translate with t(title)). */
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
    .map((task) => ({ task, r: scoredResult(task) }))
    .filter((x): x is { task: (typeof studies)[number]; r: ScoredResult } => x.r !== null)
    .map(({ task, r }) => ({ id: task.id, at: parseUtc(task.created_at), r }))
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

/** How a score moved from her first to her last study, in words (the chart's text equivalent), in the current language. */
export function trendWords(series: TrendSeries): string {
  const p = series.points;
  const title = t(series.title);
  if (p.length === 0) return t('{{title}}: could not be worked out.', { title });
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  if (p.length === 1) return t('{{title}}: {{score}} in one study.', { title, score: pct(p[0].score) });
  const first = pct(p[0].score);
  const last = pct(p[p.length - 1].score);
  const diff = Math.round(p[p.length - 1].score * 100) - Math.round(p[0].score * 100);
  if (diff === 0) return t('{{title}}: {{last}} in your newest study, the same as {{first}} in your first.', { title, last, first });
  return diff > 0
    ? t('{{title}}: {{last}} in your newest study, up {{diff}} points from {{first}} in your first.', { title, last, first, diff })
    : t('{{title}}: {{last}} in your newest study, down {{diff}} points from {{first}} in your first.', { title, last, first, diff: -diff });
}

/** Where a point of a small chart goes: x spread evenly over the studies, y from 0% (bottom) to 100%. */
export function chartPoint(index: number, count: number, score: number, box: { width: number; height: number; pad: number }): { x: number; y: number } {
  const inner = box.width - 2 * box.pad;
  const x = count <= 1 ? box.width / 2 : box.pad + (index / (count - 1)) * inner;
  const y = box.pad + (1 - Math.min(1, Math.max(0, score))) * (box.height - 2 * box.pad);
  return { x, y };
}

/** The words for a study that is not (yet) scored, as the history shows it (English keys: show them with t(words)). */
export function statusWords(status: TaskStatus, failed: boolean): string | null {
  if (failed || status === 'failed') return msg('Could not be scored');
  if (status === 'queued') return msg('Waiting to be looked at');
  if (status === 'running') return msg('Being looked at');
  return null;
}
