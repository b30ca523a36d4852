import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { isFailed } from '../../../core/contract';
import { describeScore } from '../../../core/wording/scores';
import { ApiError } from '../../api/client';
import { lastTaskQuery, taskImageQuery } from '../../api/tasks';
import { AdviceCard } from '../results/AdviceCard';
import { EngineNote } from '../results/EngineNote';
import { FailedTask } from '../results/FailedTask';
import { ImagesTab } from '../results/ImagesTab';
import type { ImageQueryFor } from '../results/images';
import { ResultsError, ResultsLoading, ResultsProcessing } from '../results/ResultStates';
import { ScoreHeadline } from '../results/ScoreTab';
import { SCORE_TABS } from '../results/tabs';
import '../results/results.css';
import { useT } from '../../i18n';

/** /empower/result: the four rankings, the advice when a quantile is above 0.9, and the images with their sliders. */
export function ResultStep() {
  const t = useT();
  const navigate = useNavigate();
  const task = useQuery(lastTaskQuery());
  if (task.error instanceof ApiError && task.error.status === 404) return <Navigate to="/empower/$" params={{ _splat: 'retrieve' }} replace />;
  if (task.isError) return <ResultsError />;
  if (!task.data) return <ResultsLoading />;
  const current = task.data;
  if (isFailed(current.result) || current.status === 'failed') return <FailedTask reason={isFailed(current.result) ? current.result.error : null} />;
  if (!current.result) return <ResultsProcessing queued={current.status === 'queued'} />;
  const result = current.result;
  const advice = SCORE_TABS.some((tab) => {
    const w = describeScore(result.study[tab.score]);
    return w.available && w.advice;
  });
  const queryFor: ImageQueryFor = (view, layer) => taskImageQuery(current.id, view, layer);
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{t('Your result')}</Title>
        <Text c="dimmed" size="lg" mt={4}>
          {t('Where your scores place you among women who had a mammogram.')}
        </Text>
      </div>
      <SimpleGrid cols={2} spacing="lg" data-testid="empower-rankings">
        {SCORE_TABS.map((tab) => (
          <Paper key={tab.key} withBorder radius="lg" p="lg">
            <Text fw={700} size="lg" mb="xs">
              {t(tab.title)}
            </Text>
            <ScoreHeadline tab={tab} entry={result.study[tab.score]} size="md" />
          </Paper>
        ))}
      </SimpleGrid>
      {advice && <AdviceCard />}
      <ImagesTab result={result} queryFor={queryFor} height={340} />
      <EngineNote result={result} />
      <div>
        <Button variant="default" onClick={() => void navigate({ to: '/empower/$', params: { _splat: 'retrieve' } })}>
          {t('Start again')}
        </Button>
      </div>
    </Stack>
  );
}
