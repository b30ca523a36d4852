import { Box, Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CornerLanguageSwitch } from '../components/LanguageSwitch';
import { useT } from '../i18n';

/** The not-found page: '404', 'Oops!', 'Page not found.' and 'Go back' to /. */
export default function NotFound() {
  const t = useT();
  return (
    <Box pos="relative">
      <CornerLanguageSwitch />
      {/* The page's main landmark, as on the other pages: a screen reader's "go to main" lands on the message. */}
      <Center component="main" mih="100vh" p="xl">
        <Stack align="center" gap="sm" data-testid="not-found">
          <Text component="p" fz={96} fw={700} lh={1} c="light-dark(var(--mantine-color-clinical-7), var(--mantine-color-clinical-3))">
            404
          </Text>
          <Title order={1}>{t('Oops!')}</Title>
          <Text size="lg" c="dimmed">
            {t('Page not found.')}
          </Text>
          <Button component={Link} to="/" mt="md" variant="outline">
            {t('Go back')}
          </Button>
        </Stack>
      </Center>
    </Box>
  );
}
