import { useState } from 'react';
import { Box, Button, Code, Collapse, Container, Stack, Text, Title } from '@mantine/core';
import { useMatch, type ErrorComponentProps } from '@tanstack/react-router';
import { useT } from '../i18n';
import { CornerLanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';

/** The default error boundary (spec section 8): 'Something went wrong!' with a 'Show Error' toggle. */
export function ErrorPage({ error }: ErrorComponentProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // A page of the app layout fails under its top bar, which has the language switch already.
  const routeId: string = useMatch({ strict: false, shouldThrow: false, select: (m) => String(m.routeId ?? '') }) ?? '';
  const underTopBar = routeId.startsWith('/app/');
  return (
    <Box pos="relative" mih={underTopBar ? undefined : '100vh'}>
      {!underTopBar && (
        <CornerLanguageSwitch />
      )}
      <Container size="sm" py={80}>
        <Stack gap="lg" align="flex-start">
          <Logo />
          <Title order={1} size="h2">
            {t('Something went wrong!')}
          </Title>
          <Text c="dimmed">{t('The page could not be shown. You can reload it or go back to the home page.')}</Text>
          <Button variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? t('Hide Error') : t('Show Error')}
          </Button>
          <Collapse expanded={open} w="100%">
            <Code block>{error instanceof Error ? `${error.name}: ${error.message}` : String(error)}</Code>
          </Collapse>
        </Stack>
      </Container>
    </Box>
  );
}
