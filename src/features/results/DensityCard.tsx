import { Box, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { DensityMeasure } from '../../../core/contract';
import { describeDensity, GRADE_IS_ESTIMATE, GRADE_WORDS, type Grade } from '../../../core/wording/density';
import { useT } from '../../i18n';

import './results.css';
import { asTranslate } from './translate';

const GRADES: Grade[] = ['a', 'b', 'c', 'd'];

/** The four grades side by side, hers marked: where she is on the scale, also in words. */
function GradeScale({ grade }: { grade: Grade }) {
  const t = useT();
  return (
    <SimpleGrid cols={4} spacing="xs" component="ol" className="density-scale" aria-label={t('The four breast density grades')} data-testid="density-scale">
      {GRADES.map((g) => {
        const hers = g === grade;
        return (
          <Box
            component="li"
            key={g}
            className="density-scale-item"
            data-current={hers || undefined}
            aria-current={hers ? 'true' : undefined}
          >
            <Text fw={700} fz="lg" lh={1.2}>
              {g.toUpperCase()}
              {hers && <VisuallyHidden> ({t('your grade')})</VisuallyHidden>}
            </Text>
            <Text lh={1.3}>
              {t(GRADE_WORDS[g])}
            </Text>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}

/**
 * Her breast density (issue 18, item 3): the grade a-d with its BI-RADS words, what it means for
 * how well her mammogram can find a cancer, and the national density notification's words (FDA
 * MQSA, 2024). `compact` is the short form of step 4 of /submit; the Masking tab has the scale too.
 */
export function DensityCard({ measure, compact = false }: { measure: DensityMeasure | null | undefined; compact?: boolean }) {
  const t = useT();
  const w = describeDensity(measure, asTranslate(t));
  return (
    <Paper withBorder radius="lg" p={compact ? 'lg' : 'xl'} data-testid="density-card" component="section" aria-labelledby="density-card-title">
      <Stack gap="md">
        <Title order={compact ? 3 : 2} id="density-card-title" size={compact ? 'h4' : 'h3'}>
          {t('Your breast density')}
        </Title>
        {w.available ? (
          <>
            <Group gap="md" wrap="nowrap" align="center">
              <Box className="density-letter" aria-hidden>
                {w.grade.toUpperCase()}
              </Box>
              <Stack gap={2}>
                <Text fw={600} size="lg" data-testid="density-grade">
                  {w.line}
                </Text>
                <Text>{w.plain}</Text>
              </Stack>
            </Group>
            {!compact && <GradeScale grade={w.grade} />}
            <Text data-testid="density-sensitivity">
              <Text span fw={600}>
                {t('What this means for your mammogram:')}{' '}
              </Text>
              {w.sensitivity}
            </Text>
          </>
        ) : (
          <Text data-testid="density-grade">{w.reason}</Text>
        )}
        <Box className="density-notification" data-testid="density-notification">
          {w.notification.map((s) => (
            <Text key={s} component="span">
              {s}{' '}
            </Text>
          ))}
        </Box>
        <Text c="dimmed">
          {t(GRADE_IS_ESTIMATE)}
        </Text>
      </Stack>
    </Paper>
  );
}
