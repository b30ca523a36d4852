import { useEffect, useState } from 'react';
import { Loader, Paper, Progress, Stack, Group, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isFailed } from '../../../core/contract';
import { TIMING } from '../../../core/decisions';
import { demoTaskQuery } from '../../api/demo';
import { FailedTask } from '../results/FailedTask';
import { demoPhase, demoProgress } from './demo-simulation';
import { ScoreSummary, useNow } from './ResultStep';
import { useT } from '../../i18n';

/**
 * Step 4 in demo mode: nothing is uploaded; the simulation runs for 15 s, then the profile's
 * scores (GET /demo/tasks/{id}) show 2 s after it completes.
 */
export function DemoResultStep({ demoUserId, startedAt }: { demoUserId: string; startedAt: number }) {
  const t = useT();
  const task = useQuery(demoTaskQuery(demoUserId));
  const [settledAt, setSettledAt] = useState<number | null>(null);
  const now = useNow(settledAt === null, TIMING.demoStatusRingTickMs);
  const phase = demoPhase(startedAt, now);
  const showAt = startedAt + TIMING.demoCompleteAfterMs + TIMING.resultDelayMs;

  useEffect(() => {
    if (settledAt === null && now >= showAt) setSettledAt(now);
  }, [now, showAt, settledAt]);

  if (settledAt === null) {
    return (
      <Paper withBorder radius="lg" p="xl" role="status" data-testid="submit-processing">
        <Stack gap="md">
          <Group gap="md" wrap="nowrap">
            {phase === 'running' && <Loader size="sm" aria-hidden />}
            <Title order={2} size="h3">
              {phase === 'running' ? t('We are looking at the images') : t('Done')}
            </Title>
          </Group>
          <Progress value={demoProgress(startedAt, now)} size="lg" radius="xl" color={phase === 'completed' ? 'teal' : undefined} aria-label={t('Processing progress')} />
          <Text c="dimmed">{t('This is a simulation with a demo profile. A real submission usually takes a minute or two.')}</Text>
        </Stack>
      </Paper>
    );
  }
  if (task.isError) {
    return (
      <Paper withBorder radius="lg" p="xl" role="alert" data-testid="submit-task-error">
        <Title order={2} size="h3">
          {t('Something went wrong.')}
        </Title>
        <Text size="lg" mt="sm">
          {t("We couldn't load the results of this demo profile. Please try again later.")}
        </Text>
      </Paper>
    );
  }
  if (!task.data) return <Loader aria-label={t('Loading')} />;
  const result = task.data.result;
  if (!result || isFailed(result)) return <FailedTask reason={isFailed(result) ? result.error : t('This demo profile has no scores yet.')} />;
  return <ScoreSummary result={result} title={t('The demo results are ready')} />;
}
