import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Title } from '@mantine/core';
import { CornerLanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';

/** The frame of the public account pages: the logo above one calm card. */
export function AuthShell({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)" style={{ backgroundImage: 'var(--auth-backdrop)', position: 'relative' }} className="auth-backdrop">
      <CornerLanguageSwitch />
      <Center mih="100vh" py={48} px="md">
        <Stack w="100%" maw={440} gap="xl">
          {/* The page's banner: outside every landmark, a screen reader going by landmarks skipped the name. */}
          <Center component="header">
            <Logo size={40} />
          </Center>
          <Paper component="main" withBorder shadow="sm" radius="lg" p={36}>
            <Stack gap="lg">
              {title && (
                <Title order={1} size="h2" ta="center">
                  {title}
                </Title>
              )}
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
