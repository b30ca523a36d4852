import type { QueryClient } from '@tanstack/react-query';
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
    sent: () => notifySuccess('Mammogram submitted successfully.'),
    failed: (item) => notifyFailure('Error.', item.error ?? 'Something went wrong.'),
  });
}
