import { Badge, type BadgeProps } from '@mantine/core';
import type { QuantileLabel } from '../../../core/wording/scores';
import { useT } from '../../i18n';
import { LABEL_COLOR } from './labels';

/**
 * The quantile group as a coloured badge: cool for low, warm for high, never alarm-red. A light
 * shade with dark text keeps the contrast readable (WCAG AA) for all four colours in both schemes.
 * `label` is the group's English key, shown in her language.
 */
export function LabelBadge({ label, ...props }: { label: QuantileLabel } & Omit<BadgeProps, 'color' | 'children'>) {
  const t = useT();
  return (
    <Badge color={`${LABEL_COLOR[label]}.4`} c="#1a1b1e" variant="filled" radius="sm" tt="none" data-testid="quantile-label" {...props}>
      {t(label)}
    </Badge>
  );
}
