import { useCallback, useState } from 'react';
import { Anchor, Button, Drawer, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { isFailed, type TaskPublic, type TaskStatus } from '../../core/contract';
import { AI_MODEL } from '../../core/decisions';
import { describeScore } from '../../core/wording/scores';
import { tasksPageQuery } from '../api/tasks';
import { IconPlus } from '../components/icons';
import { TableStatusRows, usePagedList } from '../components/paged-table';
import { formatDateTime, formatStudyDate } from '../features/results/format';
import { LabelBadge } from '../features/results/LabelBadge';
import { AddTaskModal } from '../features/tasks/AddTaskModal';
import { StatusRing } from '../features/tasks/StatusRing';
import { TaskDetailPanel } from '../features/tasks/TaskDetailPanel';
import { msg, useT } from '../i18n';

const route = getRouteApi('/app/superuser/tasks');
const COLUMNS = 7;

/** The task's status as the row's label reads it (the API's word, translated). */
const STATUS_WORDS: Record<TaskStatus, string> = { queued: msg('queued'), running: msg('running'), completed: msg('completed'), failed: msg('failed') };

function ScoreCell({ task }: { task: TaskPublic }) {
  const t = useT();
  if (isFailed(task.result)) return <Text c="red.7">{t('Failed')}</Text>;
  if (!task.result) return <Text c="dimmed">{task.status === 'queued' ? t('Queued') : t('Running')}</Text>;
  const w = describeScore(task.result.study[AI_MODEL], (text, values) => (values ? t(text, values) : t(text)));
  return (
    <Group gap="xs" wrap="nowrap">
      <Text fw={600}>{w.percent}</Text>
      {w.available && <LabelBadge label={w.label} size="sm" />}
    </Group>
  );
}

/** /tasks (spec section 2): every task, 5 a page, refetched every 10 s, with a detail panel. */
export default function TasksPage() {
  const t = useT();
  const { page } = route.useSearch();
  const navigate = route.useNavigate();
  const setPage = useCallback((p: number, replace = false) => void navigate({ to: '/tasks', search: { page: p }, replace }), [navigate]);
  const { data, isPending, error, isPlaceholderData, totalPages } = usePagedList(tasksPageQuery, page, setPage);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [imageOpen, setImageOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const selected = data?.data.find((x) => x.id === selectedId) ?? null;

  const closePanel = () => {
    setSelectedId(null);
    setImageOpen(false);
  };

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('Tasks Manager')}</Title>
          <Text c="dimmed" mt={4}>
            {data ? (data.count === 1 ? t('1 task · updates every 10 seconds') : t('{{n}} tasks · updates every 10 seconds', { n: data.count })) : ' '}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setAdding(true)}>
          {t('Add task')}
        </Button>
      </Group>

      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Table className="users-table" verticalSpacing="md" horizontalSpacing="md" highlightOnHover aria-busy={isPending || isPlaceholderData}>
          <Table.Thead bg="var(--mantine-color-default-hover)">
            <Table.Tr>
              <Table.Th>{t('ID')}</Table.Th>
              <Table.Th>{t('Created At')}</Table.Th>
              <Table.Th>{t('Submitted by')}</Table.Th>
              <Table.Th>{t('Patient ID')}</Table.Th>
              <Table.Th>{t('Study Date')}</Table.Th>
              <Table.Th>{t('Score')}</Table.Th>
              <Table.Th>{t('DICOM Viewer')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <TableStatusRows columns={COLUMNS} isPending={isPending} error={error} />
            {data && data.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>
                  <Text c="dimmed" ta="center" py="lg">
                    {t("No tasks yet. Use 'Add task' to analyse a study.")}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {data?.data.map((task) => (
              <Table.Tr
                key={task.id}
                data-testid={`task-row-${task.id}`}
                onClick={() => setSelectedId(task.id)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    setSelectedId(task.id);
                  }
                }}
                tabIndex={0}
                aria-label={t('Task {{id}}, {{status}}. Open details', { id: task.id.slice(0, 7), status: t(STATUS_WORDS[task.status]) })}
                style={{ cursor: 'pointer', opacity: isPlaceholderData ? 0.6 : 1 }}
                bg={task.id === selectedId ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <StatusRing status={task.status} createdAt={task.created_at} />
                    <Text ff="monospace">{task.id.slice(0, 7)}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>{formatDateTime(task.created_at)}</Table.Td>
                <Table.Td>{task.owner_email ?? '—'}</Table.Td>
                <Table.Td ff="monospace">{task.dcm_patient_id ? task.dcm_patient_id.slice(0, 7) : '—'}</Table.Td>
                <Table.Td>{formatStudyDate(task.dcm_study_date)}</Table.Td>
                <Table.Td>
                  <ScoreCell task={task} />
                </Table.Td>
                <Table.Td>
                  {task.dcm_study_instance_uid ? (
                    <Anchor
                      href={`/dicom-viewer?studyInstanceUID=${encodeURIComponent(task.dcm_study_instance_uid)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={(e) => e.stopPropagation()}
                    >
                      {t('Open viewer')}
                    </Anchor>
                  ) : (
                    <Text c="dimmed">—</Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>

      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t('Page {{page}} of {{total}}', { page: Math.min(page, totalPages), total: totalPages })}
        </Text>
        <Group gap="xs">
          <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('Previous')}
          </Button>
          <Button variant="default" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
            {t('Next')}
          </Button>
        </Group>
      </Group>

      <Drawer
        opened={selected !== null}
        onClose={closePanel}
        position="right"
        size="50%"
        title={t('Task details')}
        styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 600 } }}
        closeOnClickOutside={!imageOpen}
        closeOnEscape={!imageOpen}
        closeButtonProps={{ 'aria-label': t('Close task details') }}
      >
        {selected && <TaskDetailPanel key={selected.id} task={selected} onModalChange={setImageOpen} />}
      </Drawer>
      <AddTaskModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
