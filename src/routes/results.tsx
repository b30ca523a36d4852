import type { ReactNode } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { isFailed, type ScoredResult } from '../../core/contract';
import { ApiError } from '../api/client';
import { demoImageQuery, demoTaskQuery } from '../api/demo';
import { lastTaskQuery, taskImageQuery } from '../api/tasks';
import { useTaskStream } from '../api/task-stream';
import { DemoPanel } from '../features/results/DemoPanel';
import { FailedTask } from '../features/results/FailedTask';
import { formatDateTime, formatStudyDate } from '../features/results/format';
import { imageQuery, type ImageQueryFor } from '../features/results/images';
import { ResultsError, ResultsLoading, ResultsProcessing, SubmitAgain } from '../features/results/ResultStates';
import { ResultsView } from '../features/results/ResultsView';
import { StudyHistory } from '../features/results/StudyHistory';
import { useResultDelay } from '../features/results/useResultDelay';
import { useDemoUserId } from '../session/demo';
import { getToken } from '../session/token';
import { useDemoProfile } from '../session/useDemoProfile';
import { useCurrentUser } from '../session/useSession';

export function PrintButton() {
  return (
    <Button variant="default" onClick={() => window.print()} leftSection={<PrinterIcon />}>
      Print report for your doctor
    </Button>
  );
}

function PrinterIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M6 9V3h12v6M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2M6 14h12v7H6z" />
    </svg>
  );
}

/** Down to "Your studies" at the foot of the page, and the keyboard focus with it. */
export function StudiesButton() {
  const go = () => {
    const section = document.getElementById('studies');
    section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };
  return (
    <Button variant="subtle" onClick={go} data-testid="to-studies">
      All your studies
    </Button>
  );
}

export function Header({ title, subtitle, aside }: { title: string; subtitle?: string; aside?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" className="screen-only" wrap="nowrap">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        {subtitle && (
          <Text c="dimmed" size="lg">
            {subtitle}
          </Text>
        )}
      </Stack>
      {aside}
    </Group>
  );
}

export function subtitleOf(task: { dcm_study_date: string | null; created_at: string }): string {
  const study = task.dcm_study_date ? `Mammogram of ${formatStudyDate(task.dcm_study_date)}` : 'Your mammogram';
  return `${study} · scored ${formatDateTime(task.created_at)}`;
}

/** The signed-in user's own last task. */
function OwnResults() {
  const { user, flags } = useCurrentUser();
  const navigate = useNavigate();
  const task = useQuery(lastTaskQuery());
  useTaskStream(task.data);
  const show = useResultDelay(task.data?.status);

  if (!flags.couldSubmit) return <Navigate to="/" replace />;
  if (task.error instanceof ApiError && task.error.status === 404) return <Navigate to="/submit" replace />;
  if (task.isError) return <Page title="Your results" body={<ResultsError />} />;
  if (!task.data) return <Page title="Your results" body={<ResultsLoading />} />;

  const t = task.data;
  const history = user ? <StudyHistory userId={user.id} currentId={t.id} /> : null;
  if (t.status === 'failed' || isFailed(t.result)) {
    return (
      <Page
        title="Your results"
        body={
          <FailedTask reason={isFailed(t.result) ? t.result.error : null}>
            <SubmitAgain onClick={() => void navigate({ to: '/submit' })} />
          </FailedTask>
        }
        after={history}
      />
    );
  }
  if (!show || !t.result) return <Page title="Your results" body={<ResultsProcessing queued={t.status === 'queued'} />} after={history} />;

  const queryFor: ImageQueryFor = (view, layer) => imageQuery(taskImageQuery(t.id, view, layer));
  return (
    <Stack gap="xl">
      <Header
        title="Your results"
        subtitle={subtitleOf(t)}
        aside={
          <Group gap="sm" wrap="nowrap">
            <StudiesButton />
            <PrintButton />
          </Group>
        }
      />
      <ResultsView
        result={t.result as ScoredResult}
        queryFor={queryFor}
        studyUid={t.dcm_study_instance_uid}
        report={{ name: user?.full_name || user?.email || '', patientId: t.dcm_patient_id, studyDate: t.dcm_study_date }}
      />
      {history}
    </Stack>
  );
}

/** The selected demo profile's study. */
function DemoResults({ id }: { id: string }) {
  const demo = useDemoProfile();
  const task = useQuery(demoTaskQuery(id));
  const name = demo.selected?.name ?? '';
  const title = `Results for ${name}`;
  const aside = (
    <Stack align="flex-end" gap="sm">
      <DemoPanel />
      {task.data?.result && !isFailed(task.data.result) && <PrintButton />}
    </Stack>
  );

  let body: ReactNode;
  if (task.isError) body = <ResultsError />;
  else if (!task.data) body = <ResultsLoading />;
  else if (isFailed(task.data.result) || task.data.status === 'failed') body = <FailedTask reason={isFailed(task.data.result) ? task.data.result.error : null} />;
  else if (!task.data.result) body = <ResultsProcessing queued={task.data.status === 'queued'} />;
  else {
    const queryFor: ImageQueryFor = (view, layer) => imageQuery(demoImageQuery(id, view, layer));
    const profile = demo.profile;
    body = (
      <ResultsView
        result={task.data.result}
        queryFor={queryFor}
        report={{ name: profile ? `${name}, ${profile.age} (demo profile)` : `${name} (demo profile)`, patientId: task.data.dcm_patient_id, studyDate: task.data.dcm_study_date }}
      />
    );
  }
  return (
    <Stack gap="xl">
      <Header title={title} subtitle={task.data ? subtitleOf(task.data) : undefined} aside={aside} />
      {body}
    </Stack>
  );
}

export function Page({ title, body, after }: { title: string; body: ReactNode; after?: ReactNode }) {
  return (
    <Stack gap="xl">
      <Header title={title} />
      {body}
      {after}
    </Stack>
  );
}

/** /results (spec section 2): the demo profile's scores in demo mode, otherwise the user's own. */
export default function ResultsPage() {
  const demo = useDemoProfile();
  const stored = useDemoUserId();
  if (demo.selectedId) return <DemoResults id={demo.selectedId} />;
  // The stored profile is checked against the list first: until then this is not the user's own page.
  if (stored && demo.query.isPending) return <Page title="Results" body={<ResultsLoading />} />;
  // A visitor has no results of their own: their profile is gone, so they choose another.
  if (!getToken()) return <Navigate to="/start-demo" replace />;
  return <OwnResults />;
}
