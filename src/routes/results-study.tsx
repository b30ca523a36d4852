import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from '@tanstack/react-router';
import { isFailed } from '../../core/contract';
import { ApiError } from '../api/client';
import { taskHistoryQuery, taskImageQuery, taskQuery } from '../api/tasks';
import { useTaskStream } from '../api/task-stream';
import { FailedTask } from '../features/results/FailedTask';
import { formatDateTime } from '../features/results/format';
import { scoredResult } from '../features/results/history';
import { imageQuery, type ImageQueryFor } from '../features/results/images';
import { ResultsError, ResultsLoading, ResultsProcessing } from '../features/results/ResultStates';
import { ResultsView } from '../features/results/ResultsView';
import { StudyHistory } from '../features/results/StudyHistory';
import { useCurrentUser } from '../session/useSession';
import { Header, Page, PrintButton, StudiesButton, subtitleOf } from './results';

const TITLE = 'Your results';

function BackToLatest() {
  return (
    <Button component={Link} to="/results" variant="default">
      Go to your newest results
    </Button>
  );
}

/**
 * /results/$taskId (not in the spec; issue 18, item 1): one of her studies, opened from "Your
 * studies", with the same tabs, images and printout as /results. /results stays her newest.
 */
export default function StudyResultsPage() {
  const { taskId = '' } = useParams({ strict: false });
  const { user } = useCurrentUser();
  const task = useQuery(taskQuery(taskId));
  const history = useQuery(taskHistoryQuery());
  useTaskStream(task.data);

  if (task.error instanceof ApiError && (task.error.status === 404 || task.error.status === 422)) {
    return (
      <Page
        title={TITLE}
        body={
          <Alert color="orange" variant="light" radius="lg" title="This study was not found" data-testid="study-not-found">
            <Stack gap="sm" align="flex-start">
              <Text>It may have been deleted, or it belongs to another account.</Text>
              <BackToLatest />
            </Stack>
          </Alert>
        }
        after={user ? <StudyHistory userId={user.id} currentId={null} /> : null}
      />
    );
  }
  if (task.isError && !task.data) return <Page title={TITLE} body={<ResultsError />} />;
  if (!task.data) return <Page title={TITLE} body={<ResultsLoading />} />;

  const t = task.data;
  const newestId = user ? history.data?.data.find((x) => x.owner_id === user.id)?.id : undefined;
  // Her newest study has its own page, the one the spec names.
  if (newestId === t.id) return <Navigate to="/results" replace />;
  const studies = user ? <StudyHistory userId={user.id} currentId={t.id} /> : null;

  const olderNote = (
    <Alert variant="light" radius="lg" data-testid="older-study" className="screen-only">
      <Group justify="space-between" wrap="nowrap">
        <Text>
          These are the results of your study of {formatDateTime(t.created_at)}.{' '}
          {newestId ? 'You have a newer study.' : ''}
        </Text>
        <Anchor component={Link} to="/results" fw={600}>
          Go to your newest results
        </Anchor>
      </Group>
    </Alert>
  );

  if (t.status === 'failed' || isFailed(t.result)) {
    return <Page title={TITLE} body={<FailedTask reason={isFailed(t.result) ? t.result.error : null} />} after={studies} />;
  }
  const result = scoredResult(t);
  if (!result) return <Page title={TITLE} body={<ResultsProcessing queued={t.status === 'queued'} />} after={studies} />;

  const queryFor: ImageQueryFor = (view, layer) => imageQuery(taskImageQuery(t.id, view, layer));
  return (
    <Stack gap="xl">
      <Header
        title={TITLE}
        subtitle={subtitleOf(t)}
        aside={
          <Group gap="sm" wrap="nowrap">
            <StudiesButton />
            <PrintButton />
          </Group>
        }
      />
      {olderNote}
      <ResultsView
        key={t.id}
        result={result}
        queryFor={queryFor}
        studyUid={t.dcm_study_instance_uid}
        report={{ name: user?.full_name || user?.email || '', patientId: t.dcm_patient_id, studyDate: t.dcm_study_date }}
      />
      {studies}
    </Stack>
  );
}
