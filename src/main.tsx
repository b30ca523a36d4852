import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { queryClient } from './api/query-client';
import { LocalizedMantineProvider } from './components/LocalizedMantineProvider';
import { Toasts } from './components/Toasts';
import { i18nReady } from './i18n';
import { OfflineUi, setupOffline } from './offline';
import { router } from './router';
import { onTokenChangedElsewhere } from './session/token';

// The first page's code (its lazily loaded route components) is fetched now, beside the saved
// answers and the translations below, instead of after them: one round trip less before it shows.
for (const route of router.getMatchedRoutes(window.location.pathname)[0]) void router.loadRouteChunk(route)?.catch(() => undefined);

// Another tab logged out, or logged someone else in: forget what this one holds of the person before.
onTokenChangedElsewhere((token) => {
  queryClient.clear();
  if (token) window.location.reload();
  else void router.navigate({ to: '/login' });
});

// The saved query cache is restored first, so a page opened offline renders from it; the chosen
// language's translations too, so a Swedish page does not flash English.
void Promise.allSettled([setupOffline(queryClient), i18nReady]).finally(() => {
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree: a click or a key during start-up is answered.
  startTransition(() =>
    root.render(
      <StrictMode>
        <LocalizedMantineProvider>
          <Toasts />
          <QueryClientProvider client={queryClient}>
            <OfflineUi />
            <RouterProvider router={router} />
          </QueryClientProvider>
        </LocalizedMantineProvider>
      </StrictMode>,
    ),
  );
});
