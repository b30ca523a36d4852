import { useState } from 'react';
import { Anchor, Badge, Box, Button, Collapse, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { isFailed, type ScoredResult, type TaskPublic, type TaskStatus, type ViewKey } from '../../../core/contract';
import { AI_MODEL } from '../../../core/decisions';
import { NOT_AVAILABLE, percentText } from '../../../core/wording/scores';
import { msg, useT } from '../../i18n';
import { taskImageQuery } from '../../api/tasks';
import { FailedTask } from '../results/FailedTask';
import { formatDateTime, formatStudyDate } from '../results/format';
import type { ImageQueryFor } from '../results/images';
import { HANGING, LEVELS, VIEW_LABEL } from '../results/labels';
import { ScoreBar } from '../results/ScoreBar';
import { ViewImage } from '../results/ViewImage';
import '../results/results.css';
import { StatusRing } from './StatusRing';

const COMPONENT_COLUMNS = [
  { key: 'detection', label: msg('Detection') },
  { key: 'risk', label: msg('Risk') },
  { key: 'masking', label: msg('Masking') },
] as const;

/** The task's status as its badge says it. */
const STATUS_BADGE: Record<TaskStatus, string> = { queued: msg('queued'), running: msg('running'), completed: msg('completed'), failed: msg('failed') };

type Translate = ReturnType<typeof useT>;

/** A score as a whole percentage, or N/A (in the current language). */
const scoreText = (t: Translate, score: number | null | undefined) => {
  const text = percentText(score);
  return text === NOT_AVAILABLE ? t(NOT_AVAILABLE) : text;
};

/** D/R/M of one view: detection, risk and masking as whole percentages or N/A. */
function viewScores(t: Translate, result: ScoredResult | null, view: ViewKey): string {
  const s = result?.[view];
  return t('D {{detection}} · R {{risk}} · M {{masking}}', {
    detection: scoreText(t, s?.detection.score),
    risk: scoreText(t, s?.risk.score),
    masking: scoreText(t, s?.masking.score),
  });
}

function ScoreDetails({ result }: { result: ScoredResult }) {
  const t = useT();
  return (
    <Table withTableBorder withColumnBorders data-testid="score-details" mt="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          {COMPONENT_COLUMNS.map((c) => (
            <Table.Th key={c.key} ta="right">
              {t(c.label)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {LEVELS.map((l) => (
          <Table.Tr key={l.key}>
            <Table.Th>{t(l.label)}</Table.Th>
            {COMPONENT_COLUMNS.map((c) => (
              <Table.Td key={c.key} ta="right">
                {scoreText(t, result[l.key][c.key].score)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The right-side panel of /tasks (spec section 2): patient, study date, the study score bar with
 * its details, the four views with D/R/M, a full-size modal per view and the viewer link.
 */
export function TaskDetailPanel({ task, onModalChange }: { task: TaskPublic; onModalChange: (open: boolean) => void }) {
  const t = useT();
  const [details, setDetails] = useState(false);
  const [open, setOpen] = useState<ViewKey | null>(null);
  const result = task.result && !isFailed(task.result) ? task.result : null;
  const queryFor: ImageQueryFor = (view, layer) => taskImageQuery(task.id, view, layer);
  const show = (view: ViewKey | null) => {
    setOpen(view);
    onModalChange(view !== null);
  };
  const date = formatStudyDate(task.dcm_study_date);
  const patient = task.dcm_patient_id ?? t('unknown patient');

  return (
    <Stack gap="lg" data-testid="task-panel">
      <Group gap="sm">
        <StatusRing status={task.status} createdAt={task.created_at} size={40} />
        <div>
          <Text size="sm" c="dimmed">
            {t('Task {{id}} · created {{date}}', { id: task.id.slice(0, 7), date: formatDateTime(task.created_at) })}
          </Text>
          <Badge variant="light" color={task.status === 'failed' ? 'red' : task.status === 'completed' ? 'green' : task.status === 'running' ? 'blue' : 'gray'}>
            {t(STATUS_BADGE[task.status])}
          </Badge>
        </div>
      </Group>
      <SimpleGrid cols={2} spacing="md">
        <div>
          <Text size="sm" c="dimmed">
            {t('Patient ID')}
          </Text>
          <Text fw={600} data-testid="panel-patient">
            {task.dcm_patient_id ?? '—'}
          </Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            {t('Study date')}
          </Text>
          <Text fw={600} data-testid="panel-study-date">
            {date}
          </Text>
        </div>
      </SimpleGrid>

      {isFailed(task.result) && <FailedTask reason={task.result.error} />}
      {result && (
        <Paper withBorder radius="md" p="md">
          <ScoreBar entry={result.study[AI_MODEL]} title={t('Study score')} />
          <Button variant="subtle" size="compact-sm" mt="xs" onClick={() => setDetails((d) => !d)} aria-expanded={details}>
            {details ? t('Hide details') : t('Show details')}
          </Button>
          <Collapse expanded={details}>
            <ScoreDetails result={result} />
          </Collapse>
        </Paper>
      )}
      {!result && !isFailed(task.result) && (
        <Text c="dimmed">{task.status === 'queued' ? t('Waiting to be analysed.') : t('Being analysed now. The scores appear here when it is done.')}</Text>
      )}

      <Box>
        <Group justify="space-between" align="baseline" mb="xs">
          <Title order={4}>{t('Images')}</Title>
          <Text size="sm" c="dimmed">
            {t('D detection · R risk · M masking')}
          </Text>
        </Group>
        <SimpleGrid cols={2} spacing="sm" className="image-wall" p="sm" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          {HANGING.map((view) => (
            <UnstyledButton key={view} onClick={() => show(view)} aria-label={t('Open {{view}} full size', { view: VIEW_LABEL[view] })} data-testid={`tile-${view}`}>
              <ViewImage view={view} queryFor={queryFor} height={220} />
              <Text size="xs" c="gray.3" mt={4} ta="center" data-testid={`tile-scores-${view}`}>
                {viewScores(t, result, view)}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Box>

      {task.dcm_study_instance_uid && (
        <Anchor href={`/dicom-viewer?studyInstanceUID=${encodeURIComponent(task.dcm_study_instance_uid)}`} target="_blank" rel="noopener noreferrer">
          {t('Open interactive image viewer')}
        </Anchor>
      )}

      <Modal opened={open !== null} onClose={() => show(null)} size="auto" title={open ? `${VIEW_LABEL[open]} · ${date} · ${patient}` : ''} zIndex={400}>
        {open && (
          <Box w="min(80vw, 900px)" className="image-wall" p="xs" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <ViewImage view={open} queryFor={queryFor} layers={result?.overlays[open] ?? []} height="75vh" centered />
          </Box>
        )}
      </Modal>
    </Stack>
  );
}
