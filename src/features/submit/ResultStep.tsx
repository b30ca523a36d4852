import { useEffect, useState, type ReactNode } from 'react';
import { Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isFailed, type ScoredResult, type TaskPublic } from '../../../core/contract';
import { AI_MODEL, TIMING } from '../../../core/decisions';
import { ApiError } from '../../api/client';
import { lastTaskQuery } from '../../api/tasks';
import { useTaskStream } from '../../api/task-stream';
import { DensityCard } from '../results/DensityCard';
import { EngineNote } from '../results/EngineNote';
import { FailedTask } from '../results/FailedTask';
import { NotAChance } from '../results/NotAChance';
import { ScoreBar } from '../results/ScoreBar';
import { useResultDelay } from '../results/useResultDelay';
import { useLatestSubmission } from '../../offline/outbox';
import { useOnline } from '../../offline/OfflineUi';
import { formatBytes, parseUtc } from './format';
import { HealthQuestionsStep } from './HealthQuestionsStep';
import { formatTime } from '../../../core/dates';
import { useT } from '../../i18n';
import { translateOptional } from '../../lib/messages';

/** One state of step 4; the step's own panel is the frame, so no second border here. */
function Box({ children, testId, role = 'status' }: { children: ReactNode; testId: string; role?: string }) {
  return (
    <Stack gap="md" role={role} data-testid={testId}>
      {children}
    </Stack>
  );
}

/** Ticks once a second while `on`, for progress that grows with time. */
export function useNow(on: boolean, everyMs: number = TIMING.statusRingTickMs): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!on) return;
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [on, everyMs]);
  return now;
}

/** The study's combined score, its words, and the way to the detailed results. */
export function ScoreSummary({ result, title }: { result: ScoredResult; title?: string }) {
  const t = useT();
  return (
    <Box testId="submit-result">
      <Title order={2} size="h3">
        {title ?? t('Your results are ready')}
      </Title>
      <ScoreBar entry={result.study[AI_MODEL]} note={<NotAChance />} />
      <DensityCard measure={result.density?.study} compact />
      <EngineNote result={result} />
      <Group>
        <Button component={Link} to="/results" size="md">
          {t('Go to detailed results')}
        </Button>
      </Group>
    </Box>
  );
}

export function Processing({ startedAt, durationMs, queued, note }: { startedAt: number; durationMs: number; queued: boolean; note?: ReactNode }) {
  const t = useT();
  const now = useNow(true);
  const value = queued ? 3 : Math.min(95, 5 + ((now - startedAt) / durationMs) * 90);
  return (
    <Box testId="submit-processing">
      <Group gap="md" wrap="nowrap">
        <Loader size="sm" aria-hidden />
        <Title order={2} size="h3">
          {queued ? t('Your images are waiting to be looked at') : t('We are looking at your images')}
        </Title>
      </Group>
      {note}
      {/* No moving stripes: the spinner says that work goes on, and the bar grows every second. The
          stripes repainted the whole bar every frame for as long as the study took: in the bench's
          Chromium (software compositing, on the server's two cores) 2.8-3.8 s of CPU during the
          8 s of a full-field study, against 1.6-1.9 s without them (npm run bench -- result-shown). */}
      <Progress value={value} size="lg" radius="xl" aria-label={t('Processing progress')} />
      <Text c="dimmed">{t('This usually takes a minute or two. This page updates by itself, so you can keep it open or come back later.')}</Text>
    </Box>
  );
}

function Outgoing({ userId }: { userId: string }) {
  const t = useT();
  const online = useOnline();
  const { item, progress } = useLatestSubmission(userId);
  if (!item) return null;
  if (!online || !progress) {
    return (
      <Box testId="outbox-waiting">
        <Title order={2} size="h3">
          {online ? t('Sending your images…') : t('Waiting for a connection')}
        </Title>
        <Text size="lg">
          {t('Your images are saved on this device. They will be sent as soon as you are online, also if you close this page and come back later.')}
        </Text>
        {item.attempts > 0 && online && <Text c="dimmed">{t('The last try did not get through. Trying again.')}</Text>}
      </Box>
    );
  }
  const pct = progress.total ? (progress.sent / progress.total) * 100 : 0;
  return (
    <Box testId="outbox-sending">
      <Title order={2} size="h3">
        {t('Sending your images')}
      </Title>
      <Progress value={pct} size="lg" radius="xl" aria-label={t('Upload progress')} />
      <Text data-testid="upload-bytes">{t('{{sent}} of {{total}} sent', { sent: formatBytes(progress.sent), total: formatBytes(progress.total) })}</Text>
    </Box>
  );
}

/**
 * Step 4 for a signed-in user: the submission on its way (waiting offline, upload progress), then
 * the task being processed (the last task, pushed as it changes and polled every 10 s as the
 * fallback), then the score; or what went wrong.
 */
export function ResultStep({ userId, canSubmitAgain, onSubmitAgain }: { userId: string; canSubmitAgain: boolean; onSubmitAgain: () => void }) {
  const t = useT();
  const { item } = useLatestSubmission(userId);
  const inFlight = item?.state === 'waiting';
  const task = useQuery({ ...lastTaskQuery(), enabled: !inFlight });
  // After a submission went out, an older task still in the cache is not its result.
  const isCurrent = (c: TaskPublic) => item?.state !== 'sent' || c.id === item.taskId || parseUtc(c.created_at) >= item.createdAt;
  const current = task.data && isCurrent(task.data) ? task.data : undefined;
  useTaskStream(current);
  const show = useResultDelay(current?.status);
  const again = canSubmitAgain ? (
    <Button variant="default" onClick={onSubmitAgain}>
      {t('Submit new images')}
    </Button>
  ) : null;

  if (inFlight) return <Outgoing userId={userId} />;
  if (item?.state === 'failed') {
    return (
      <FailedTask reason={translateOptional(item.error)}>
        <Button onClick={onSubmitAgain}>{t('Upload different set of images')}</Button>
      </FailedTask>
    );
  }
  const sentNote =
    item?.state === 'sent' && item.sentAt ? (
      <Text data-testid="outbox-sent">{t('Your images were sent at {{time}}.', { time: formatTime(item.sentAt) })}</Text>
    ) : null;

  if (task.error instanceof ApiError && task.error.status === 404) {
    return (
      <Box testId="submit-no-task">
        <Text size="lg">{t('You have not submitted images yet.')}</Text>
        <Group>
          <Button onClick={onSubmitAgain}>{t('Upload your images')}</Button>
        </Group>
      </Box>
    );
  }
  if (!current) {
    if (task.isError)
      return (
        <Box testId="submit-task-error" role="alert">
          <Title order={2} size="h3">
            {t('Something went wrong.')}
          </Title>
          <Text size="lg">{t("We couldn't load your results. Please try again later or contact support if the problem persists.")}</Text>
        </Box>
      );
    return <Processing startedAt={item?.sentAt ?? Date.now()} durationMs={TIMING.runningProgressMs} queued note={sentNote} />;
  }
  if (current.status === 'failed' || isFailed(current.result)) {
    return (
      <FailedTask reason={isFailed(current.result) ? current.result.error : null}>
        {canSubmitAgain && <Button onClick={onSubmitAgain}>{t('Submit again')}</Button>}
      </FailedTask>
    );
  }
  if (!show || !current.result) {
    return <Processing startedAt={parseUtc(current.created_at)} durationMs={TIMING.runningProgressMs} queued={current.status === 'queued'} note={sentNote} />;
  }
  return (
    <Stack gap="md">
      <ScoreSummary result={current.result} />
      {again && <Group>{again}</Group>}
      <HealthQuestionsStep result={current.result} />
    </Stack>
  );
}
