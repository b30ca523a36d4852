/**
 * The login page rendered to HTML at build time; scripts/login-shell.ts puts it in index.html as
 * what /login shows while the app's code loads. Never imported by the app.
 *
 * The page is the real LoginPage under the providers it needs: the app's theme, a query client
 * and a router of its own (memory history at /login), so its links get their real addresses.
 */
import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import LoginPage from '../routes/login';
import { theme } from '../theme';

export async function renderLoginPage(): Promise<string> {
  const rootRoute = createRootRoute();
  const login = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: LoginPage });
  const router = createRouter({ routeTree: rootRoute.addChildren([login]), history: createMemoryHistory({ initialEntries: ['/login'] }) });
  await router.load();
  return renderToString(
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
