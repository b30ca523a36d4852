import { useCallback, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { UserPublic } from '../../core/contract';
import { usersPageQuery } from '../api/queries';
import { IconEdit, IconPlus, IconTrash } from '../components/icons';
import { ListPagination, TableStatusRows, usePagedList } from '../components/paged-table';
import { useCurrentUser } from '../session/useSession';
import { msg, useT } from '../i18n';
import { DeleteUserModal } from './admin-users/DeleteUserModal';
import { UserFormModal } from './admin-users/UserFormModal';

const route = getRouteApi('/app/superuser/admin');

const FLOW_LABELS: Record<UserPublic['status'], string> = { presubmit: msg('Presubmit'), processing: msg('Processing'), result_available: msg('Result available') };

function role(user: UserPublic): string {
  if (user.is_superuser) return msg('Superuser');
  if (user.is_test_user) return msg('Test User');
  return msg('User');
}

type Editing = { kind: 'add' } | { kind: 'edit'; user: UserPublic } | { kind: 'delete'; user: UserPublic } | null;

export default function AdminPage() {
  const t = useT();
  const { page } = route.useSearch();
  const navigate = route.useNavigate();
  const { user: me } = useCurrentUser();
  const setPage = useCallback((p: number, replace = false) => void navigate({ to: '/admin', search: { page: p }, replace }), [navigate]);
  const { data, isPending, error, isPlaceholderData, totalPages } = usePagedList(usersPageQuery, page, setPage);
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('Users Management')}</Title>
          <Text c="dimmed" mt={4}>
            {data ? (data.count === 1 ? t('1 user') : t('{{n}} users', { n: data.count })) : ' '}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ kind: 'add' })}>
          {t('Add User')}
        </Button>
      </Group>

      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Table className="users-table" verticalSpacing="md" horizontalSpacing="md" highlightOnHover striped={false} aria-busy={isPending || isPlaceholderData}>
          <Table.Thead bg="var(--mantine-color-default-hover)">
            <Table.Tr>
              <Table.Th>{t('Full name')}</Table.Th>
              <Table.Th>{t('Email')}</Table.Th>
              <Table.Th>{t('Birthdate')}</Table.Th>
              <Table.Th>{t('Flow Status')}</Table.Th>
              <Table.Th ta="right">{t('Submissions')}</Table.Th>
              <Table.Th ta="right">{t('Limit')}</Table.Th>
              <Table.Th>{t('Role')}</Table.Th>
              <Table.Th ta="right">{t('Actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <TableStatusRows columns={8} isPending={isPending} error={error} />
            {data?.data.map((user) => {
              const own = user.id === me?.id;
              return (
                <Table.Tr key={user.id} data-testid={`user-row-${user.email}`} style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text c={user.full_name ? undefined : 'dimmed'}>{user.full_name || t('N/A')}</Text>
                      {own && (
                        <Badge variant="light" size="sm">
                          {t('You')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{user.birthdate ?? '—'}</Table.Td>
                  <Table.Td>{t(FLOW_LABELS[user.status])}</Table.Td>
                  <Table.Td ta="right">{user.submission_count}</Table.Td>
                  <Table.Td ta="right">{user.submission_limit}</Table.Td>
                  <Table.Td>
                    <Badge variant={user.is_superuser ? 'filled' : 'light'} color={user.is_superuser ? 'clinical' : user.is_test_user ? 'grape' : 'gray'}>
                      {t(role(user))}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label={t('Edit user')} disabled={own}>
                        <ActionIcon variant="subtle" aria-label={t('Edit {{email}}', { email: user.email })} disabled={own} onClick={() => setEditing({ kind: 'edit', user })}>
                          <IconEdit />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('Delete user')} disabled={own}>
                        <ActionIcon variant="subtle" color="red" aria-label={t('Delete {{email}}', { email: user.email })} disabled={own} onClick={() => setEditing({ kind: 'delete', user })}>
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

      <UserFormModal opened={editing?.kind === 'add'} onClose={() => setEditing(null)} />
      {editing?.kind === 'edit' && <UserFormModal opened user={editing.user} onClose={() => setEditing(null)} />}
      {editing?.kind === 'delete' && <DeleteUserModal user={editing.user} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
