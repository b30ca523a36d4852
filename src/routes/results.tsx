import type { ComponentProps, ReactNode } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { isFailed, type DemoTaskPublic } from '../../core/contract';
import { ApiError } from '../api/client';
import { demoImageQuery, demoTaskQuery } from '../api/demo';
import { lastTaskQuery, taskImageQuery } from '../api/tasks';
import { useTaskStream } from '../api/task-stream';
import { DeleteStudyButton } from '../features/results/DeleteStudy';
import { DemoPanel } from '../features/results/DemoPanel';
import { FailedTask } from '../features/results/FailedTask';
import { formatDateTime, formatStudyDate } from '../features/results/format';
import type { ImageQueryFor } from '../features/results/images';
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
    // A glide down the page, unless her system asks for less motion.
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    section?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };
  return (
    <Button variant="subtle" onClick={go} data-testid="to-studies">
      {t('All your studies')}
    </Button>
  );
}

/**
 * The page's heading and its line, with the actions beside them. Where both do not fit on one row
 * the actions move under them as a whole: squeezed beside them, the line under the heading broke
 * in two (1440 px, her results with three buttons).
 */
export function Header({ title, subtitle, aside }: { title: string; subtitle?: string; aside?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" className="screen-only" wrap="wrap">
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

/** What the one results screen reads of a study: a task of hers, or a demo profile's. */
type StudyTask = Pick<DemoTaskPublic, 'status' | 'result' | 'created_at' | 'dcm_patient_id' | 'dcm_study_date' | 'dcm_study_instance_uid'>;

/**
 * The results of one study, for her own last task and for a demo profile's alike: loading, error,
 * failed, processing, then the scores. The pages differ only in what they pass: the heading's
 * aside, what a failure offers, the report's name and what follows the page.
 */
function StudyResults(props: {
  title: string;
  task: { data?: StudyTask; isError: boolean };
  queryFor: ImageQueryFor;
  /** Whether completed scores may show yet (her own page waits a moment, useResultDelay). */
  ready: boolean;
  /** Beside the heading: always on the demo page (headerAlways), with the scores only on hers. */
  aside: ReactNode;
  /** The demo page keeps its heading, subtitle and panel in every state, so a visitor can always switch profile. */
  headerAlways?: boolean;
  failureAction?: ReactNode;
  reportName: string;
  /** Her own study links to its DICOM viewer and takes her answers; a demo profile's does neither. */
  studyUid?: string | null;
  answers?: ComponentProps<typeof ResultsView>['answers'];
  /** Below the page once the study is read (her studies). */
  after?: ReactNode;
}) {
  const t = useT();
  const { title, task, aside, headerAlways = false, after } = props;
  const data = task.data;
  const page = (body: ReactNode, below?: ReactNode) =>
    headerAlways ? (
      <Stack gap="xl">
        <Header title={title} subtitle={data ? subtitleOf(data, t) : undefined} aside={aside} />
        {body}
        {below}
      </Stack>
    ) : (
      <Page title={title} body={body} after={below} />
    );

  if (task.isError) return page(<ResultsError />);
  if (!data) return page(<ResultsLoading />);
  if (data.status === 'failed' || isFailed(data.result)) {
    return page(<FailedTask reason={isFailed(data.result) ? data.result.error : null}>{props.failureAction}</FailedTask>, after);
  }
  if (!props.ready || !data.result) return page(<ResultsProcessing queued={data.status === 'queued'} />, after);
  return (
    <Stack gap="xl">
      <Header title={title} subtitle={subtitleOf(data, t)} aside={aside} />
      <ResultsView
        result={data.result}
        queryFor={props.queryFor}
        studyUid={props.studyUid}
        answers={props.answers}
        report={{ name: props.reportName, patientId: data.dcm_patient_id, studyDate: data.dcm_study_date }}
      />
      {after}
    </Stack>
  );
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
  const last = task.data;
  return (
    <StudyResults
      title={t('Your results')}
      task={task}
      queryFor={(view, layer) => taskImageQuery(last?.id ?? null, view, layer)}
      ready={show}
      aside={
        last && (
          <Group gap="sm" wrap="nowrap">
            <StudiesButton />
            <PrintButton />
            <DeleteStudyButton taskId={last.id} studyInstanceUid={last.dcm_study_instance_uid ?? null} createdAt={last.created_at} onDeleted={() => undefined} />
          </Group>
        )
      }
      failureAction={<SubmitAgain onClick={() => void navigate({ to: '/submit' })} />}
      reportName={user?.full_name || user?.email || ''}
      studyUid={last?.dcm_study_instance_uid}
      answers={last && { editable: true, newest: true, taskId: last.id }}
      after={user && last ? <StudyHistory userId={user.id} currentId={last.id} /> : null}
    />
  );
}

/** The selected demo profile's study. */
function DemoResults({ id }: { id: string }) {
  const t = useT();
  const demo = useDemoProfile();
  const task = useQuery(demoTaskQuery(id));
  const name = demo.selected?.name ?? '';
  const profile = demo.profile;
  return (
    <StudyResults
      title={t('Results for {{name}}', { name })}
      task={task}
      queryFor={(view, layer) => demoImageQuery(id, view, layer)}
      ready
      headerAlways
      aside={
        <Stack align="flex-end" gap="sm">
          <DemoPanel />
          {task.data?.result && !isFailed(task.data.result) && <PrintButton />}
        </Stack>
      }
      reportName={profile ? t('{{name}}, {{age}} (demo profile)', { name, age: profile.age }) : t('{{name}} (demo profile)', { name })}
    />
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
