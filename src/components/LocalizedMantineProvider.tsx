import { useMemo, type ReactNode } from 'react';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { msg, useLanguage, useT } from '../i18n';
import { theme } from '../theme';

/** The name a screen reader speaks for every dialog's close button (the theme's one default). */
export const CLOSE_DIALOG = msg('Close dialog');

/**
 * Mantine with the app's theme, its few built-in texts in the language spoken now: a Swedish
 * reader's screen reader must not say "Close dialog" in English on every dialog.
 */
export function LocalizedMantineProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  const localized = useMemo(
    () => mergeThemeOverrides(theme, { components: { Modal: { defaultProps: { closeButtonProps: { 'aria-label': t(CLOSE_DIALOG) } } } } }),
    // t changes with the language; the language is what the theme depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [language],
  );
  return (
    <MantineProvider theme={localized} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}
