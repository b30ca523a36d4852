import { useEffect, useRef } from 'react';
import { Group, MantineThemeProvider, Overlay, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useT } from '../i18n';
import { IconMonitor } from './icons';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';

/** The cover's language list opens above the cover (a popover's own layer is below it). */
const ABOVE_COVER = { components: { Popover: { defaultProps: { zIndex: 1001 } } } };

/** The spec's notice (section 2, /desktop-only), word for word; shared by the page and the cover. */
export function DesktopOnlyMessage({ titleId }: { titleId?: string }) {
  const t = useT();
  return (
    <Stack align="center" ta="center" gap="md" maw={420}>
      <Logo />
      <ThemeIcon size={64} radius="xl" variant="light" mt="lg">
        <IconMonitor size={32} />
      </ThemeIcon>
      <Title order={1} size="h2" id={titleId}>
        {t('Desktop Only')}
      </Title>
      <Text>{t('We are still improving the mobile experience.')}</Text>
      <Text c="dimmed">{t('Please open this page on a desktop or laptop computer with a larger screen.')}</Text>
    </Stack>
  );
}

/**
 * The desktop-only rule's notice laid over the current page, which stays mounted underneath (inert),
 * so nothing she typed or picked is lost and widening the window shows the page again as it was.
 * Never on paper (hidden by the print stylesheet as well as by the rule). The page's own language
 * switch is under the cover, so the cover has one too.
 */
export function DesktopOnlyCover() {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => dialog.current?.focus(), []);
  return (
    <Overlay fixed center zIndex={1000} blur={6} backgroundOpacity={0.55} className="desktop-only-cover" data-testid="desktop-only-cover">
      <Paper ref={dialog} role="dialog" aria-modal="true" aria-labelledby="desktop-only-title" tabIndex={-1} shadow="xl" radius="lg" p="xl" m="md" maw={480}>
        <Group justify="flex-end" mb="xs">
          <MantineThemeProvider theme={ABOVE_COVER}>
            <LanguageSwitch />
          </MantineThemeProvider>
        </Group>
        <DesktopOnlyMessage titleId="desktop-only-title" />
      </Paper>
    </Overlay>
  );
}
