import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserPublic } from '../../core/contract';
import { queryKeys } from '../api/queries';
import { updateMe } from '../api/users';
import { currentLanguage, setLanguage } from '../i18n';
import { unsavedLanguage } from '../i18n/stored';

/**
 * Her language follows her from device to device (issue 18, item 7): once her account is known,
 * a choice made on this device that the account does not know yet (picked on the login page, or
 * offline) is saved to it; otherwise the account's saved language is spoken here.
 */
export function useLanguageSync(user: UserPublic | null): void {
  const queryClient = useQueryClient();
  const saved = user?.language ?? null;
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!userId) return;
    const unsaved = unsavedLanguage();
    if (unsaved && unsaved !== saved) {
      updateMe({ language: unsaved })
        .then((u) => {
          queryClient.setQueryData(queryKeys.currentUser, u);
          void setLanguage(unsaved, false);
        })
        .catch(() => undefined);
    } else if (unsaved) {
      void setLanguage(unsaved, false);
    } else if (saved && saved !== currentLanguage()) {
      void setLanguage(saved, false);
    }
  }, [userId, saved, queryClient]);
}
