import { useEffect } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { isFailed } from '../../../core/contract';
import { TIMING } from '../../../core/decisions';
import { lastTaskQuery } from '../../api/tasks';
import { useTaskStream } from '../../api/task-stream';
import { FailedTask } from '../results/FailedTask';
import { ResultsError } from '../results/ResultStates';
import { StatusRing } from '../tasks/StatusRing';
import { useT } from '../../i18n';

/** /empower/processing: the last task pushed as it changes (polled every 10 s as the fallback); on completion, the result after 2 s. */
export function ProcessingStep() {
  const t = useT();
  const navigate = useNavigate();
  const task = useQuery(lastTaskQuery());
  useTaskStream(task.data);
  const status = task.data?.status;

  useEffect(() => {
    if (status !== 'completed') return;
    const timer = setTimeout(() => void navigate({ to: '/empower/$', params: { _splat: 'result' } }), TIMING.resultDelayMs);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  if (task.isError) return <ResultsError />;
  const current = task.data;
  return (
    <Stack gap="xl">
      <Title order={1}>{t('Processing')}</Title>
      {current && (current.status === 'failed' || isFailed(current.result)) ? (
        <FailedTask reason={isFailed(current.result) ? current.result.error : null}>
          <Button mt="sm" onClick={() => void navigate({ to: '/empower/$', params: { _splat: 'upload' } })}>
            {t('Upload again')}
          </Button>
        </FailedTask>
      ) : (
        <Paper withBorder radius="lg" p="xl" role="status" data-testid="empower-processing">
          <Group gap="xl" wrap="nowrap">
            {current ? <StatusRing status={current.status} createdAt={current.created_at} size={72} /> : null}
            <Stack gap={4}>
              <Text size="xl" fw={600}>
                {status === 'completed' ? t('Done. Opening your result…') : status === 'queued' ? t('Your images are waiting in line') : t('Your images are being analysed')}
              </Text>
              <Text c="dimmed">{t('This usually takes a minute or two. The page checks again every 10 seconds.')}</Text>
            </Stack>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
