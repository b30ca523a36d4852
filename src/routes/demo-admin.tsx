import { useCallback, useState } from 'react';
import { Badge, Code, CopyButton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { readDemoProfile, SCREENING_LOCATION_LABELS, type DemoUserPublic, type TaskStatus } from '../../core/contract';
import { demoUsersPageQuery } from '../api/demo';
import { AdminListPage } from '../components/AdminListPage';
import { RowActions } from '../components/RowActions';
import { usePagedList } from '../components/paged-table';
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
    <AdminListPage
      title={t('Demo users management')}
      summary={
        data
          ? data.count === 1
            ? t('1 demo profile. Visitors choose from the first 10 on the demo start page.')
            : t('{{n}} demo profiles. Visitors choose from the first 10 on the demo start page.', { n: data.count })
          : null
      }
      addLabel={t('Add demo user')}
      onAdd={() => setEditing({ kind: 'add' })}
      table={{ layout: 'fixed' }}
      columns={COLUMNS}
      head={
        <>
          <Table.Th w={140}>{t('Id')}</Table.Th>
          <Table.Th w={230}>{t('Name')}</Table.Th>
          <Table.Th>{t('Data')}</Table.Th>
          <Table.Th w={110} ta="right">
            {t('Actions')}
          </Table.Th>
        </>
      }
      rows={
        <>
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
                  <RowActions
                    size="lg"
                    editTooltip={t('Edit demo user')}
                    deleteTooltip={t('Delete demo user')}
                    editLabel={t('Edit {{name}}', { name: u.name })}
                    deleteLabel={t('Delete {{name}}', { name: u.name })}
                    onEdit={() => setEditing({ kind: 'edit', user: u })}
                    onDelete={() => setEditing({ kind: 'delete', user: u })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </>
      }
      isPending={isPending}
      error={error}
      isPlaceholderData={isPlaceholderData}
      page={page}
      totalPages={totalPages}
      onPage={setPage}
    >
      <DemoUserFormModal opened={editing?.kind === 'add'} onClose={() => setEditing(null)} />
      {editing?.kind === 'edit' && <DemoUserFormModal opened user={editing.user} onClose={() => setEditing(null)} />}
      {editing?.kind === 'delete' && <DeleteDemoUserModal user={editing.user} onClose={() => setEditing(null)} />}
    </AdminListPage>
  );
}
