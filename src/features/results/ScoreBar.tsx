import type { ReactNode } from 'react';
import { Box, Group, Text } from '@mantine/core';
import type { ScoreEntry } from '../../../core/contract';
import { describeScore } from '../../../core/wording/scores';
import { useT } from '../../i18n';
import { LABEL_COLOR } from './labels';
import { LabelBadge } from './LabelBadge';
import { asTranslate } from './translate';

/**
 * The study score as a bar with its group and ranking sentence (task panel, step 4 of /submit,
 * /empower/result). The bar's fill is the score; its colour is the group. `note` stands beside the
 * number (step 4: that it is not the chance of having cancer). `title` is shown with t(title).
 */
export function ScoreBar({ entry, title = 'Smart Density', note }: { entry: ScoreEntry; title?: string; note?: ReactNode }) {
  const t = useT();
  const w = describeScore(entry, asTranslate(t));
  const shownTitle = t(title);
  const pct = entry.score === null ? 0 : Math.round(entry.score * 100);
  const color = w.available ? `var(--mantine-color-${LABEL_COLOR[w.label]}-6)` : 'var(--mantine-color-gray-5)';
  return (
    <Box data-testid="score-bar">
      <Group justify="space-between" align="baseline" mb={6}>
        <Text fw={600}>{shownTitle}</Text>
        <Group gap="xs">
          <Text fz={24} fw={700} lh={1} data-testid="score-bar-percent">
            {w.percent}
          </Text>
          {w.available && <LabelBadge label={w.label} />}
          {w.available && note}
        </Group>
      </Group>
      <Box
        role="meter"
        aria-label={t('{{title}} score', { title: shownTitle })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={w.percent}
        h={12}
        style={{ borderRadius: 6, background: 'var(--mantine-color-default-border)', overflow: 'hidden' }}
      >
        <Box h="100%" w={`${pct}%`} style={{ background: color, borderRadius: 6 }} />
      </Box>
      <Text mt={6} data-testid="score-bar-text">
        {w.available ? w.ranking : t('Not available: {{reason}}', { reason: w.reason })}
      </Text>
    </Box>
  );
}
