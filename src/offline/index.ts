import type { QueryClient } from '@tanstack/react-query';
import { t } from '../i18n';
// The submission's refusals (the limit, not open yet, a file the server cannot read), values and all.
import { translateMessage } from '../lib/messages';
import { notifyFailure, notifySuccess } from '../lib/notify';
import { startOutbox } from './outbox';
import { persistQueries } from './persist';
import { registerServiceWorker } from './service-worker';

export { OfflineUi } from './OfflineUi';

/**
 * Everything that lets the app work on an unstable connection, started before the first render:
 * the saved query cache is restored, the service worker registered, the submission outbox started.
 */
export async function setupOffline(queryClient: QueryClient): Promise<void> {
  await persistQueries(queryClient);
  registerServiceWorker();
  await startOutbox(queryClient, {
    // Shown when the outcome comes, in the language of that moment; a refusal's reason is the
    // server's English detail (kept so in the outbox), translated here.
    sent: () => notifySuccess(t('Mammogram submitted successfully.')),
    failed: (item) => notifyFailure(t('Error.'), translateMessage(item.error ?? 'Something went wrong.')),
  });
}
