import { useCallback, useState } from 'react';
import { Badge, Group, Table, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { UserPublic } from '../../core/contract';
import { usersPageQuery } from '../api/queries';
import { AdminListPage } from '../components/AdminListPage';
import { RowActions } from '../components/RowActions';
import { usePagedList } from '../components/paged-table';
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
    <AdminListPage
      title={t('Users Management')}
      summary={data ? (data.count === 1 ? t('1 user') : t('{{n}} users', { n: data.count })) : null}
      addLabel={t('Add User')}
      onAdd={() => setEditing({ kind: 'add' })}
      table={{ className: 'users-table', striped: false }}
      columns={8}
      head={
        <>
          <Table.Th>{t('Full name')}</Table.Th>
          <Table.Th>{t('Email')}</Table.Th>
          <Table.Th>{t('Birthdate')}</Table.Th>
          <Table.Th>{t('Flow Status')}</Table.Th>
          <Table.Th ta="right">{t('Submissions')}</Table.Th>
          <Table.Th ta="right">{t('Limit')}</Table.Th>
          <Table.Th>{t('Role')}</Table.Th>
          <Table.Th ta="right">{t('Actions')}</Table.Th>
        </>
      }
      rows={data?.data.map((user) => {
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
              <RowActions
                editTooltip={t('Edit user')}
                deleteTooltip={t('Delete user')}
                editLabel={t('Edit {{email}}', { email: user.email })}
                deleteLabel={t('Delete {{email}}', { email: user.email })}
                disabled={own}
                onEdit={() => setEditing({ kind: 'edit', user })}
                onDelete={() => setEditing({ kind: 'delete', user })}
              />
            </Table.Td>
          </Table.Tr>
        );
      })}
      isPending={isPending}
      error={error}
      isPlaceholderData={isPlaceholderData}
      page={page}
      totalPages={totalPages}
      onPage={setPage}
    >
      <UserFormModal opened={editing?.kind === 'add'} onClose={() => setEditing(null)} />
      {editing?.kind === 'edit' && <UserFormModal opened user={editing.user} onClose={() => setEditing(null)} />}
      {editing?.kind === 'delete' && <DeleteUserModal user={editing.user} onClose={() => setEditing(null)} />}
    </AdminListPage>
  );
}
