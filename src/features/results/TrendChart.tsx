import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { NOT_AVAILABLE } from '../../../core/wording/scores';
import { useT } from '../../i18n';
import { formatDate } from './format';
import { chartPoint, trendWords, type TrendSeries } from './history';

import './results.css';

/** The plot's box; the 0% and 100% labels sit in a strip of LABEL_W to its left. */
const BOX = { width: 210, height: 96, pad: 10 };
const LABEL_W = 36;

/** One score's course over her studies: a small line chart with its words as the accessible name. */
function SmallTrend({ series, currentId }: { series: TrendSeries; currentId: string | null }) {
  const t = useT();
  const pts = series.points.map((p, i) => ({ ...p, ...chartPoint(i, series.points.length, p.score, BOX) }));
  const last = series.points[series.points.length - 1];
  const words = trendWords(series);
  return (
    <Paper withBorder radius="md" p="md" data-testid={`trend-${series.key}`}>
      <Stack gap={6}>
        <Text fw={600}>{t(series.title)}</Text>
        <Group gap={6} align="baseline">
          <Text fz={24} fw={700} lh={1}>
            {last ? `${Math.round(last.score * 100)}%` : t(NOT_AVAILABLE)}
          </Text>
          {last && (
            <Text c="dimmed">
              {t('in your newest study')}
            </Text>
          )}
        </Group>
        <svg className="trend-chart" viewBox={`0 0 ${LABEL_W + BOX.width} ${BOX.height + 18}`} role="img" aria-label={words}>
          {[0, 1].map((v) => (
            <text key={v} x={LABEL_W - 4} y={chartPoint(0, 1, v, BOX).y + 4} textAnchor="end">
              {v * 100}%
            </text>
          ))}
          <g transform={`translate(${LABEL_W} 0)`}>
            {[0, 0.5, 1].map((v) => {
              const y = chartPoint(0, 1, v, BOX).y;
              return <line key={v} className="trend-grid" x1={BOX.pad} x2={BOX.width - BOX.pad} y1={y} y2={y} strokeDasharray={v === 0.5 ? '3 4' : undefined} />;
            })}
            {pts.length >= 2 && (
              <polyline
                points={pts.map((p) => `${p.x},${p.y}`).join(' ')}
                fill="none"
                stroke="var(--mantine-color-clinical-filled)"
                strokeWidth={2.5}
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            )}
            {pts.map((p) => (
              <circle
                key={p.id}
                cx={p.x}
                cy={p.y}
                r={p.id === currentId ? 6 : 4}
                fill={p.id === currentId ? 'var(--mantine-color-clinical-filled)' : 'var(--mantine-color-body)'}
                stroke="var(--mantine-color-clinical-filled)"
                strokeWidth={2}
              />
            ))}
            {pts.length >= 1 && (
              <text x={BOX.pad} y={BOX.height + 14} textAnchor="start">
                {formatDate(pts[0].at)}
              </text>
            )}
            {pts.length >= 2 && (
              <text x={BOX.width - BOX.pad} y={BOX.height + 14} textAnchor="end">
                {formatDate(pts[pts.length - 1].at)}
              </text>
            )}
          </g>
        </svg>
        <Text c="dimmed" data-testid="trend-words">
          {words}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * Each score across her studies (issue 18, item 1), one small chart per score, 0% at the bottom
 * and 100% at the top, the study on screen marked by the larger dot.
 */
export function TrendChart({ series, currentId }: { series: TrendSeries[]; currentId: string | null }) {
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md" data-testid="trend">
      {series.map((s) => (
        <SmallTrend key={s.key} series={s} currentId={currentId} />
      ))}
    </SimpleGrid>
  );
}
