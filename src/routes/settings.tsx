import { Tabs, Title, Stack } from '@mantine/core';
import { useCurrentUser } from '../session/useSession';
import { useT } from '../i18n';
import { AppearanceTab } from './settings-tabs/AppearanceTab';
import { DangerZoneTab } from './settings-tabs/DangerZoneTab';
import { PasswordTab } from './settings-tabs/PasswordTab';
import { ProfileTab } from './settings-tabs/ProfileTab';

export default function SettingsPage() {
  const t = useT();
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Stack gap="xl">
      <Title order={1}>{t('User Settings')}</Title>
      <Tabs defaultValue="profile" keepMounted={false}>
        <Tabs.List mb="xl">
          <Tabs.Tab value="profile">{t('My profile')}</Tabs.Tab>
          <Tabs.Tab value="password">{t('Password')}</Tabs.Tab>
          <Tabs.Tab value="appearance">{t('Appearance')}</Tabs.Tab>
          {!user.is_superuser && <Tabs.Tab value="danger">{t('Danger zone')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileTab user={user} />
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <PasswordTab email={user.email} />
        </Tabs.Panel>
        <Tabs.Panel value="appearance">
          <AppearanceTab />
        </Tabs.Panel>
        {!user.is_superuser && (
          <Tabs.Panel value="danger">
            <DangerZoneTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
