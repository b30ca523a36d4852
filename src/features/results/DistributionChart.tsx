import { useId, useMemo } from 'react';
import { Box, useMantineTheme } from '@mantine/core';
import { LABEL_UPPER_BOUNDS, QUANTILE_LABELS, quantileLabel } from '../../../core/wording/scores';
import { useT } from '../../i18n';
import { LABEL_COLOR } from './labels';
import { lowerIn100, makeCurve, xAtQuantile, yAt } from './distribution';

const W = 640;
const H = 230;
const PAD = { left: 16, right: 16, top: 44, bottom: 56 };
const BOUNDS = [0, LABEL_UPPER_BOUNDS['Very Low'], LABEL_UPPER_BOUNDS.Low, LABEL_UPPER_BOUNDS.Moderate, 1];

/**
 * The population picture with "You are here" (ui.md): the spread of scores among women who had a
 * mammogram, coloured by the four groups, with the person's place marked. Its text equivalent is
 * the accessible name and description. `scoreName` is shown as given (already in her language).
 */
export function DistributionChart({ quantile, scoreName }: { quantile: number; scoreName: string }) {
  const t = useT();
  const theme = useMantineTheme();
  const id = useId();
  const curve = useMemo(() => makeCurve(), []);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const px = (x: number) => PAD.left + x * plotW;
  const py = (y: number) => PAD.top + (1 - y) * plotH;
  const label = quantileLabel(quantile);
  const lower = lowerIn100(quantile);

  const bandPath = (from: number, to: number) => {
    const x0 = xAtQuantile(curve, from);
    const x1 = xAtQuantile(curve, to);
    const pts = curve.points.filter((p) => p.x > x0 && p.x < x1);
    const top = [{ x: x0, y: yAt(curve, x0) }, ...pts, { x: x1, y: yAt(curve, x1) }];
    return `M${px(x0)},${py(0)} ` + top.map((p) => `L${px(p.x)},${py(p.y)}`).join(' ') + ` L${px(x1)},${py(0)} Z`;
  };
  const outline = curve.points.map((p, i) => `${i ? 'L' : 'M'}${px(p.x)},${py(p.y)}`).join(' ');
  const mx = xAtQuantile(curve, quantile);
  const my = yAt(curve, mx);
  const markerX = px(mx);
  const anchor = markerX < 90 ? 'start' : markerX > W - 90 ? 'end' : 'middle';

  return (
    <Box
      component="svg"
      viewBox={`0 0 ${W} ${H}`}
      w="100%"
      role="img"
      aria-labelledby={`${id}-t`}
      aria-describedby={`${id}-d`}
      data-testid="distribution-chart"
      style={{ display: 'block', maxWidth: W }}
    >
      <title id={`${id}-t`}>{t('How {{score}} scores are spread among women, and where you are', { score: scoreName })}</title>
      <desc id={`${id}-d`}>
        {`${t('You are here: your score is higher than that of about {{lower}} in 100 women, in the {{label}} group.', { lower, label: t(label) })} ` +
          t('The groups are Very Low (lowest 10 in 100), Low (next 40), Moderate (next 40) and High (highest 10).')}
      </desc>
      {QUANTILE_LABELS.map((l, i) => {
        const colour = theme.colors[LABEL_COLOR[l]];
        const mine = l === label;
        return <path key={l} d={bandPath(BOUNDS[i], BOUNDS[i + 1])} fill={colour[mine ? 4 : 2]} fillOpacity={mine ? 0.9 : 0.55} />;
      })}
      <path d={outline} fill="none" stroke="var(--mantine-color-text)" strokeOpacity={0.5} strokeWidth={1.5} />
      <line x1={px(0)} x2={px(1)} y1={py(0)} y2={py(0)} stroke="var(--mantine-color-text)" strokeOpacity={0.4} />
      {QUANTILE_LABELS.map((l, i) => {
        const x = px((xAtQuantile(curve, BOUNDS[i]) + xAtQuantile(curve, BOUNDS[i + 1])) / 2);
        return (
          <text key={l} x={x} y={py(0) + 20} textAnchor="middle" fontSize={13} fill="var(--mantine-color-text)" fontWeight={l === label ? 700 : 400}>
            {t(l)}
          </text>
        );
      })}
      <text x={px(0)} y={H - 8} fontSize={12} fill="var(--mantine-color-dimmed)">
        {t('← Lower score')}
      </text>
      <text x={px(1)} y={H - 8} fontSize={12} textAnchor="end" fill="var(--mantine-color-dimmed)">
        {t('Higher score →')}
      </text>
      <line x1={markerX} x2={markerX} y1={PAD.top - 14} y2={py(0)} stroke="var(--mantine-color-text)" strokeWidth={2} />
      <circle cx={markerX} cy={py(my)} r={6} fill="var(--mantine-color-body)" stroke="var(--mantine-color-text)" strokeWidth={2.5} />
      <text x={markerX} y={PAD.top - 22} textAnchor={anchor} fontSize={15} fontWeight={700} fill="var(--mantine-color-text)">
        {t('You are here')}
      </text>
    </Box>
  );
}
