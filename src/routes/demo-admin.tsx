import { useCallback, useState } from 'react';
import { ActionIcon, Badge, Button, Code, CopyButton, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { readDemoProfile, SCREENING_LOCATION_LABELS, type DemoUserPublic, type TaskStatus } from '../../core/contract';
import { demoUsersPageQuery } from '../api/demo';
import { IconEdit, IconPlus, IconTrash } from '../components/icons';
import { ListPagination, TableStatusRows, usePagedList } from '../components/paged-table';
import { DeleteDemoUserModal } from './demo-admin/DeleteDemoUserModal';
import { DemoUserFormModal } from './demo-admin/DemoUserFormModal';
import { msg, useT } from '../i18n';

const route = getRouteApi('/app/superuser/demo-admin');

const COLUMNS = 4;

/** The study behind each profile, so an administrator sees which ones can show results. */
const STUDY_BADGES: Record<TaskStatus | 'none', { label: string; color: string }> = {
  none: { label: msg('No images'), color: 'gray' },
  queued: { label: msg('Queued'), color: 'gray' },
  running: { label: msg('Scoring'), color: 'blue' },
  completed: { label: msg('Scored'), color: 'teal' },
  failed: { label: msg('Failed'), color: 'red' },
};

/** The data as people read it (age, location, description); the JSON text itself when it is not a valid profile. */
function DataCell({ data }: { data: string }) {
  const t = useT();
  const profile = readDemoProfile(data);
  if (!profile) {
    return (
      <Text ff="monospace" size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }} title={data}>
        {data}
      </Text>
    );
  }
  return (
    <Stack gap={2} title={data}>
      <Text size="sm" fw={500}>
        {t('{{age}} years · {{location}}', { age: profile.age, location: t(SCREENING_LOCATION_LABELS[profile.screening_location]) })} <Code fz="xs">{profile.screening_location}</Code>
      </Text>
      <Text size="sm" c="dimmed" lineClamp={1}>
        {profile.description}
      </Text>
    </Stack>
  );
}

type Editing = { kind: 'add' } | { kind: 'edit'; user: DemoUserPublic } | { kind: 'delete'; user: DemoUserPublic } | null;

/** /demo-admin (spec section 2): 'Demo users management', 5 per page, add / edit data / delete. */
export default function DemoAdminPage() {
  const t = useT();
  const { page } = route.useSearch();
  const navigate = route.useNavigate();
  const setPage = useCallback((p: number, replace = false) => void navigate({ to: '/demo-admin', search: { page: p }, replace }), [navigate]);
  const { data, isPending, error, isPlaceholderData, totalPages } = usePagedList(demoUsersPageQuery, page, setPage);
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('Demo users management')}</Title>
          <Text c="dimmed" mt={4}>
            {data
              ? data.count === 1
                ? t('1 demo profile. Visitors choose from the first 10 on the demo start page.')
                : t('{{n}} demo profiles. Visitors choose from the first 10 on the demo start page.', { n: data.count })
              : ' '}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ kind: 'add' })}>
          {t('Add demo user')}
        </Button>
      </Group>

      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Table verticalSpacing="md" horizontalSpacing="md" highlightOnHover aria-busy={isPending || isPlaceholderData} layout="fixed">
          <Table.Thead bg="var(--mantine-color-default-hover)">
            <Table.Tr>
              <Table.Th w={140}>{t('Id')}</Table.Th>
              <Table.Th w={230}>{t('Name')}</Table.Th>
              <Table.Th>{t('Data')}</Table.Th>
              <Table.Th w={110} ta="right">
                {t('Actions')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <TableStatusRows columns={COLUMNS} isPending={isPending} error={error} />
            {data && data.count === 0 && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>
                  <Stack gap={4} align="center" py="xl">
                    <Text fw={600}>{t('No demo users yet.')}</Text>
                    <Text c="dimmed">{t('Add one so visitors can try the demo.')}</Text>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            )}
            {data?.data.map((u) => {
              const badge = STUDY_BADGES[u.status ?? 'none'];
              return (
                <Table.Tr key={u.id} data-testid={`demo-user-row-${u.name}`} style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
                  <Table.Td>
                    <CopyButton value={u.id}>
                      {({ copied, copy }) => (
                        <Tooltip label={copied ? t('Copied') : t('{{id}} (click to copy)', { id: u.id })} withArrow>
                          <Code component="button" onClick={copy} aria-label={t('Copy id {{id}}', { id: u.id })} style={{ cursor: 'pointer', border: 0 }}>
                            {u.id.slice(0, 8)}
                          </Code>
                        </Tooltip>
                      )}
                    </CopyButton>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Text fw={500}>{u.name}</Text>
                      <Badge size="sm" variant="dot" color={badge.color}>
                        {t(badge.label)}
                      </Badge>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <DataCell data={u.data} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label={t('Edit demo user')}>
                        <ActionIcon variant="subtle" size="lg" aria-label={t('Edit {{name}}', { name: u.name })} onClick={() => setEditing({ kind: 'edit', user: u })}>
                          <IconEdit />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('Delete demo user')}>
                        <ActionIcon variant="subtle" size="lg" color="red" aria-label={t('Delete {{name}}', { name: u.name })} onClick={() => setEditing({ kind: 'delete', user: u })}>
                          <IconTrash />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>

      <Group justify="flex-end">
        <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
      </Group>

      <DemoUserFormModal opened={editing?.kind === 'add'} onClose={() => setEditing(null)} />
      {editing?.kind === 'edit' && <DemoUserFormModal opened user={editing.user} onClose={() => setEditing(null)} />}
      {editing?.kind === 'delete' && <DeleteDemoUserModal user={editing.user} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
