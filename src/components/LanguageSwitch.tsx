import { Box, Select } from '@mantine/core';
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

  return (
    <Select
      aria-label={t('Language')}
      data={OPTIONS}
      value={language}
      onChange={(v) => isLanguage(v) && choose(v)}
      allowDeselect={false}
      checkIconPosition="right"
      size={size}
      w={size === 'xs' ? 108 : 124}
      comboboxProps={{ withinPortal: true }}
      data-testid="language-switch"
    />
  );
}

/** The switch in the top right corner of a page without a top bar (the parent is positioned). */
export function CornerLanguageSwitch({ right = 32 }: { right?: number }) {
  return (
    <Box pos="absolute" top={24} right={right}>
      <LanguageSwitch />
    </Box>
  );
}
