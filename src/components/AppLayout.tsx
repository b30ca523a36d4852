import { useEffect } from 'react';
import { AppShell, Button, Container } from '@mantine/core';
import { Outlet, useNavigate } from '@tanstack/react-router';
import { ApiError } from '../api/client';
import { getToken } from '../session/token';
import { useCurrentUser } from '../session/useSession';
import { PageLoader } from './PageLoader';
import { StatusMessage } from './StatusMessage';
import { TopBar } from './TopBar';

/** How long a page with no answer about the user waits before asking the server again by itself. */
const AUTO_RETRY_MS = 15_000;

/**
 * The authenticated layout: top bar and page; a spinner while the user loads, and when the server
 * cannot be reached (the session is kept), a message that says so and asks again. A visitor trying
 * the demo gets the same layout, with a 'Log in' button where the user menu would be.
 */
export default function AppLayout() {
  const { user, isError, error, refetch, isFetching } = useCurrentUser();
  const navigate = useNavigate();
  // A visitor in the demo (the router lets one in only there) has no user to wait for.
  const visitor = getToken() === null && !isError;

  // The query removed the token (only a 401 does); leave the protected pages.
  useEffect(() => {
    if (isError && !getToken()) void navigate({ to: '/login', replace: true });
  }, [isError, navigate]);

  const unreachable = !user && isError && getToken() !== null;
  useEffect(() => {
    if (!unreachable) return;
    const timer = setInterval(() => void refetch(), AUTO_RETRY_MS);
    return () => clearInterval(timer);
  }, [unreachable, refetch]);

  if (unreachable) {
    return (
      <Container size="sm" py={120} data-testid="server-unreachable">
        <StatusMessage kind="error">
          {error instanceof ApiError ? error.detailText('The server could not be reached.') : 'The server could not be reached.'} Your session is kept;
          this page tries again by itself.
        </StatusMessage>
        <Button display="block" mx="auto" mt="xl" onClick={() => void refetch()} loading={isFetching}>
          Try again
        </Button>
      </Container>
    );
  }
  if (!user && !visitor) return <PageLoader />;
  return (
    <AppShell header={{ height: 68 }} padding={0}>
      <AppShell.Header withBorder>
        <TopBar user={user} />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl" py={48} px={48}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
