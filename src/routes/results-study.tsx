import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from '@tanstack/react-router';
import { isFailed } from '../../core/contract';
import { ApiError } from '../api/client';
import { taskHistoryQuery, taskImageQuery, taskQuery } from '../api/tasks';
import { useTaskStream } from '../api/task-stream';
import { DeleteStudyButton } from '../features/results/DeleteStudy';
import { FailedTask } from '../features/results/FailedTask';
import { formatDateTime } from '../features/results/format';
import { scoredResult } from '../features/results/history';
import type { ImageQueryFor } from '../features/results/images';
import { ResultsError, ResultsLoading, ResultsProcessing } from '../features/results/ResultStates';
import { ResultsView } from '../features/results/ResultsView';
import { StudyHistory } from '../features/results/StudyHistory';
import { useCurrentUser } from '../session/useSession';
import { msg, useT } from '../i18n';
import { Header, Page, PrintButton, StudiesButton, subtitleOf } from './results';

const TITLE = msg('Your results');

function BackToLatest() {
  const t = useT();
  return (
    <Button component={Link} to="/results" variant="default">
      {t('Go to your newest results')}
    </Button>
  );
}

/**
 * /results/$taskId (not in the spec; issue 18, item 1): one of her studies, opened from "Your
 * studies", with the same tabs, images and printout as /results. /results stays her newest.
 */
export default function StudyResultsPage() {
  const t = useT();
  const { taskId = '' } = useParams({ strict: false });
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const task = useQuery(taskQuery(taskId));
  const history = useQuery(taskHistoryQuery());
  useTaskStream(task.data);

  if (task.error instanceof ApiError && (task.error.status === 404 || task.error.status === 422)) {
    return (
      <Page
        title={t(TITLE)}
        body={
          <Alert color="orange" variant="light" radius="lg" title={t('This study was not found')} data-testid="study-not-found">
            <Stack gap="sm" align="flex-start">
              <Text>{t('It may have been deleted, or it belongs to another account.')}</Text>
              <BackToLatest />
            </Stack>
          </Alert>
        }
        after={user ? <StudyHistory userId={user.id} currentId={null} /> : null}
      />
    );
  }
  if (task.isError && !task.data) return <Page title={t(TITLE)} body={<ResultsError />} />;
  if (!task.data) return <Page title={t(TITLE)} body={<ResultsLoading />} />;

  const current = task.data;
  const newestId = user ? history.data?.data.find((x) => x.owner_id === user.id)?.id : undefined;
  // Her newest study has its own page, the one the spec names.
  if (newestId === current.id) return <Navigate to="/results" replace />;
  const studies = user ? <StudyHistory userId={user.id} currentId={current.id} /> : null;

  const olderNote = (
    <Alert variant="light" radius="lg" data-testid="older-study" className="screen-only">
      <Group justify="space-between" wrap="nowrap">
        <Text>
          {t('These are the results of your study of {{date}}.', { date: formatDateTime(current.created_at) })}{' '}
          {newestId ? t('You have a newer study.') : ''}
        </Text>
        <Anchor component={Link} to="/results" fw={600}>
          {t('Go to your newest results')}
        </Anchor>
      </Group>
    </Alert>
  );

  if (current.status === 'failed' || isFailed(current.result)) {
    return <Page title={t(TITLE)} body={<FailedTask reason={isFailed(current.result) ? current.result.error : null} />} after={studies} />;
  }
  const result = scoredResult(current);
  if (!result) return <Page title={t(TITLE)} body={<ResultsProcessing queued={current.status === 'queued'} />} after={studies} />;

  const queryFor: ImageQueryFor = (view, layer) => taskImageQuery(current.id, view, layer);
  return (
    <Stack gap="xl">
      <Header
        title={t(TITLE)}
        subtitle={subtitleOf(current, t)}
        aside={
          <Group gap="sm" wrap="nowrap">
            <StudiesButton />
            <PrintButton />
            {current.owner_id === user?.id && <DeleteStudyButton taskId={current.id} studyInstanceUid={current.dcm_study_instance_uid ?? null} createdAt={current.created_at} onDeleted={() => void navigate({ to: '/results' })} />}
          </Group>
        }
      />
      {olderNote}
      <ResultsView
        key={current.id}
        result={result}
        queryFor={queryFor}
        studyUid={current.dcm_study_instance_uid}
        answers={current.owner_id === user?.id ? { editable: true, newest: false, taskId: current.id } : undefined}
        report={{ name: user?.full_name || user?.email || '', patientId: current.dcm_patient_id, studyDate: current.dcm_study_date }}
      />
      {studies}
    </Stack>
  );
}
