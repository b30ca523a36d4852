import { Tabs, Title, Stack } from '@mantine/core';
import { useCurrentUser } from '../session/useSession';
import { AppearanceTab } from './settings-tabs/AppearanceTab';
import { DangerZoneTab } from './settings-tabs/DangerZoneTab';
import { PasswordTab } from './settings-tabs/PasswordTab';
import { ProfileTab } from './settings-tabs/ProfileTab';

export default function SettingsPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Stack gap="xl">
      <Title order={1}>User Settings</Title>
      <Tabs defaultValue="profile" keepMounted={false}>
        <Tabs.List mb="xl">
          <Tabs.Tab value="profile">My profile</Tabs.Tab>
          <Tabs.Tab value="password">Password</Tabs.Tab>
          <Tabs.Tab value="appearance">Appearance</Tabs.Tab>
          {!user.is_superuser && <Tabs.Tab value="danger">Danger zone</Tabs.Tab>}
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
