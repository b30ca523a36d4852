import type { ReactNode } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { isFailed, type ScoredResult } from '../../core/contract';
import { ApiError } from '../api/client';
import { demoImageQuery, demoTaskQuery } from '../api/demo';
import { lastTaskQuery, taskImageQuery } from '../api/tasks';
import { useTaskStream } from '../api/task-stream';
import { DeleteStudyButton } from '../features/results/DeleteStudy';
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
import { useT } from '../i18n';

export function PrintButton() {
  const t = useT();
  return (
    <Button variant="default" onClick={() => window.print()} leftSection={<PrinterIcon />}>
      {t('Print report for your doctor')}
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
  const t = useT();
  const go = () => {
    const section = document.getElementById('studies');
    section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };
  return (
    <Button variant="subtle" onClick={go} data-testid="to-studies">
      {t('All your studies')}
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

/** "Mammogram of <date> · scored <date and time>"; `t` is the calling component's (useT). */
export function subtitleOf(task: { dcm_study_date: string | null; created_at: string }, t: TFunction): string {
  const scored = formatDateTime(task.created_at);
  return task.dcm_study_date
    ? t('Mammogram of {{date}} · scored {{scored}}', { date: formatStudyDate(task.dcm_study_date), scored })
    : t('Your mammogram · scored {{scored}}', { scored });
}

/** The signed-in user's own last task. */
function OwnResults() {
  const t = useT();
  const { user, flags } = useCurrentUser();
  const navigate = useNavigate();
  const task = useQuery(lastTaskQuery());
  useTaskStream(task.data);
  const show = useResultDelay(task.data?.status);

  if (!flags.couldSubmit) return <Navigate to="/" replace />;
  if (task.error instanceof ApiError && task.error.status === 404) return <Navigate to="/submit" replace />;
  if (task.isError) return <Page title={t('Your results')} body={<ResultsError />} />;
  if (!task.data) return <Page title={t('Your results')} body={<ResultsLoading />} />;

  const last = task.data;
  const history = user ? <StudyHistory userId={user.id} currentId={last.id} /> : null;
  if (last.status === 'failed' || isFailed(last.result)) {
    return (
      <Page
        title={t('Your results')}
        body={
          <FailedTask reason={isFailed(last.result) ? last.result.error : null}>
            <SubmitAgain onClick={() => void navigate({ to: '/submit' })} />
          </FailedTask>
        }
        after={history}
      />
    );
  }
  if (!show || !last.result) return <Page title={t('Your results')} body={<ResultsProcessing queued={last.status === 'queued'} />} after={history} />;

  const queryFor: ImageQueryFor = (view, layer) => imageQuery(taskImageQuery(last.id, view, layer));
  return (
    <Stack gap="xl">
      <Header
        title={t('Your results')}
        subtitle={subtitleOf(last, t)}
        aside={
          <Group gap="sm" wrap="nowrap">
            <StudiesButton />
            <PrintButton />
            <DeleteStudyButton taskId={last.id} studyInstanceUid={last.dcm_study_instance_uid ?? null} createdAt={last.created_at} onDeleted={() => undefined} />
          </Group>
        }
      />
      <ResultsView
        result={last.result as ScoredResult}
        queryFor={queryFor}
        studyUid={last.dcm_study_instance_uid}
        answers={{ editable: true, newest: true, taskId: last.id }}
        report={{ name: user?.full_name || user?.email || '', patientId: last.dcm_patient_id, studyDate: last.dcm_study_date }}
      />
      {history}
    </Stack>
  );
}

/** The selected demo profile's study. */
function DemoResults({ id }: { id: string }) {
  const t = useT();
  const demo = useDemoProfile();
  const task = useQuery(demoTaskQuery(id));
  const name = demo.selected?.name ?? '';
  const title = t('Results for {{name}}', { name });
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
        report={{ name: profile ? t('{{name}}, {{age}} (demo profile)', { name, age: profile.age }) : t('{{name}} (demo profile)', { name }), patientId: task.data.dcm_patient_id, studyDate: task.data.dcm_study_date }}
      />
    );
  }
  return (
    <Stack gap="xl">
      <Header title={title} subtitle={task.data ? subtitleOf(task.data, t) : undefined} aside={aside} />
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
  const t = useT();
  const demo = useDemoProfile();
  const stored = useDemoUserId();
  if (demo.selectedId) return <DemoResults id={demo.selectedId} />;
  // The stored profile is checked against the list first: until then this is not the user's own page.
  if (stored && demo.query.isPending) return <Page title={t('Results')} body={<ResultsLoading />} />;
  // A visitor has no results of their own: their profile is gone, so they choose another.
  if (!getToken()) return <Navigate to="/start-demo" replace />;
  return <OwnResults />;
}
