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
export function ScoreSummary({ result, title = 'Your results are ready' }: { result: ScoredResult; title?: string }) {
  return (
    <Box testId="submit-result">
      <Title order={2} size="h3">
        {title}
      </Title>
      <ScoreBar entry={result.study[AI_MODEL]} note={<NotAChance />} />
      <DensityCard measure={result.density?.study} compact />
      <EngineNote result={result} />
      <Group>
        <Button component={Link} to="/results" size="md">
          Go to detailed results
        </Button>
      </Group>
    </Box>
  );
}

export function Processing({ startedAt, durationMs, queued, note }: { startedAt: number; durationMs: number; queued: boolean; note?: ReactNode }) {
  const now = useNow(true);
  const value = queued ? 3 : Math.min(95, 5 + ((now - startedAt) / durationMs) * 90);
  return (
    <Box testId="submit-processing">
      <Group gap="md" wrap="nowrap">
        <Loader size="sm" aria-hidden />
        <Title order={2} size="h3">
          {queued ? 'Your images are waiting to be looked at' : 'We are looking at your images'}
        </Title>
      </Group>
      {note}
      <Progress value={value} size="lg" radius="xl" animated aria-label="Processing progress" />
      <Text c="dimmed">This usually takes a minute or two. This page updates by itself, so you can keep it open or come back later.</Text>
    </Box>
  );
}

function Outgoing({ userId }: { userId: string }) {
  const online = useOnline();
  const { item, progress } = useLatestSubmission(userId);
  if (!item) return null;
  if (!online || !progress) {
    return (
      <Box testId="outbox-waiting">
        <Title order={2} size="h3">
          {online ? 'Sending your images…' : 'Waiting for a connection'}
        </Title>
        <Text size="lg">
          Your images are saved on this device. They will be sent as soon as you are online, also if you close this page and come back later.
        </Text>
        {item.attempts > 0 && online && <Text c="dimmed">The last try did not get through. Trying again.</Text>}
      </Box>
    );
  }
  const pct = progress.total ? (progress.sent / progress.total) * 100 : 0;
  return (
    <Box testId="outbox-sending">
      <Title order={2} size="h3">
        Sending your images
      </Title>
      <Progress value={pct} size="lg" radius="xl" aria-label="Upload progress" />
      <Text data-testid="upload-bytes">
        {formatBytes(progress.sent)} of {formatBytes(progress.total)} sent
      </Text>
    </Box>
  );
}

/**
 * Step 4 for a signed-in user: the submission on its way (waiting offline, upload progress), then
 * the task being processed (the last task, pushed as it changes and polled every 10 s as the
 * fallback), then the score; or what went wrong.
 */
export function ResultStep({ userId, canSubmitAgain, onSubmitAgain }: { userId: string; canSubmitAgain: boolean; onSubmitAgain: () => void }) {
  const { item } = useLatestSubmission(userId);
  const inFlight = item?.state === 'waiting';
  const task = useQuery({ ...lastTaskQuery(), enabled: !inFlight });
  // After a submission went out, an older task still in the cache is not its result.
  const isCurrent = (t: TaskPublic) => item?.state !== 'sent' || t.id === item.taskId || parseUtc(t.created_at) >= item.createdAt;
  const current = task.data && isCurrent(task.data) ? task.data : undefined;
  useTaskStream(current);
  const show = useResultDelay(current?.status);
  const again = canSubmitAgain ? (
    <Button variant="default" onClick={onSubmitAgain}>
      Submit new images
    </Button>
  ) : null;

  if (inFlight) return <Outgoing userId={userId} />;
  if (item?.state === 'failed') {
    return (
      <FailedTask reason={item.error}>
        <Button onClick={onSubmitAgain}>Upload different set of images</Button>
      </FailedTask>
    );
  }
  const sentNote =
    item?.state === 'sent' && item.sentAt ? (
      <Text data-testid="outbox-sent">Your images were sent at {new Date(item.sentAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.</Text>
    ) : null;

  if (task.error instanceof ApiError && task.error.status === 404) {
    return (
      <Box testId="submit-no-task">
        <Text size="lg">You have not submitted images yet.</Text>
        <Group>
          <Button onClick={onSubmitAgain}>Upload your images</Button>
        </Group>
      </Box>
    );
  }
  if (!current) {
    if (task.isError)
      return (
        <Box testId="submit-task-error" role="alert">
          <Title order={2} size="h3">
            Something went wrong.
          </Title>
          <Text size="lg">We couldn't load your results. Please try again later or contact support if the problem persists.</Text>
        </Box>
      );
    return <Processing startedAt={item?.sentAt ?? Date.now()} durationMs={TIMING.runningProgressMs} queued note={sentNote} />;
  }
  if (current.status === 'failed' || isFailed(current.result)) {
    return (
      <FailedTask reason={isFailed(current.result) ? current.result.error : null}>
        {canSubmitAgain && <Button onClick={onSubmitAgain}>Submit again</Button>}
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
    </Stack>
  );
}
