import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { UserPublic } from '../../core/contract';
import { useT } from '../i18n';
import { useLogout } from '../session/useSession';
import { IconLogout, IconSettings, IconShield, IconUsers } from './icons';

function initials(user: UserPublic): string {
  const source = user.full_name?.trim() || user.email;
  return source
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

export function UserMenu({ user }: { user: UserPublic }) {
  const t = useT();
  const logout = useLogout();
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={t('User menu')} data-testid="user-menu" style={{ borderRadius: '50%' }}>
          <Avatar color="clinical" radius="xl" variant="filled">
            {initials(user)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('Signed in as')}</Menu.Label>
        <div style={{ padding: '0 12px 8px' }}>
          {user.full_name && (
            <Text fw={600} truncate>
              {user.full_name}
            </Text>
          )}
          <Text c="dimmed" truncate>
            {user.email}
          </Text>
        </div>
        <Menu.Divider />
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          {t('User settings')}
        </Menu.Item>
        {user.is_superuser && (
          <>
            <Menu.Item component={Link} to="/admin" leftSection={<IconShield size={16} />}>
              {t('Admin dashboard')}
            </Menu.Item>
            <Menu.Item component={Link} to="/demo-admin" leftSection={<IconUsers size={16} />}>
              {t('Demo admin')}
            </Menu.Item>
          </>
        )}
        <Menu.Divider />
        <Menu.Item onClick={logout} leftSection={<IconLogout size={16} />}>
          {t('Log out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
