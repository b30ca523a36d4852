import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMonitor } from '../components/icons';
import { Logo } from '../components/Logo';

export default function DesktopOnlyPage() {
  return (
    <Center component="main" mih="100vh" p="lg">
      <Stack align="center" ta="center" gap="md" maw={420}>
        <Logo />
        <ThemeIcon size={64} radius="xl" variant="light" mt="lg">
          <IconMonitor size={32} />
        </ThemeIcon>
        <Title order={1} size="h2">
          Desktop Only
        </Title>
        <Text>We are still improving the mobile experience.</Text>
        <Text c="dimmed">Please open this page on a desktop or laptop computer with a larger screen.</Text>
      </Stack>
    </Center>
  );
}
