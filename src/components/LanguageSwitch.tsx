import { Box, NativeSelect } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '../../core/i18n';
import { queryKeys } from '../api/queries';
import { updateMe } from '../api/users';
import { setLanguage, useLanguage, useT } from '../i18n';
import { getToken } from '../session/token';

const OPTIONS = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

/**
 * The language switch on every page (issue 18, item 7). Each language is named in itself, so she
 * finds hers whatever the page speaks. Signed in, the choice is saved to her account (the next
 * device she logs in on speaks it too); before login, or offline, it is kept on this device and
 * saved at her next visit (useLanguageSync).
 */
export function LanguageSwitch({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const t = useT();
  const language = useLanguage();
  const queryClient = useQueryClient();

  const choose = (lang: Language) => {
    if (lang === language) return;
    const signedIn = getToken() !== null;
    void setLanguage(lang, true);
    if (!signedIn) return;
    updateMe({ language: lang })
      .then((user) => {
        queryClient.setQueryData(queryKeys.currentUser, user);
        void setLanguage(lang, false);
      })
      .catch(() => undefined);
  };

  // A native select, not Mantine's Select: it is on every page's first paint, and the combobox
  // (its dropdown kept mounted and placed by Floating UI at mount) cost the first load about 18 KB
  // of compressed code and a forced style recalculation; the browser's own list is as keyboard
  // accessible and reads each language's name the same.
  return (
    <NativeSelect
      aria-label={t('Language')}
      data={OPTIONS}
      value={language}
      onChange={(event) => {
        const v = event.currentTarget.value;
        if (isLanguage(v)) choose(v);
      }}
      size={size}
      w={size === 'xs' ? 108 : 124}
      data-testid="language-switch"
    />
  );
}

/** The switch in the top right corner of a page without a top bar (the parent is positioned). */
export function CornerLanguageSwitch({ right = 32 }: { right?: number }) {
  const t = useT();
  // A landmark of its own: outside the page's main, a screen reader's list of landmarks skipped it.
  return (
    <Box component="nav" aria-label={t('Language')} pos="absolute" top={24} right={right}>
      <LanguageSwitch />
    </Box>
  );
}
