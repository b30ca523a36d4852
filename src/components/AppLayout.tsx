import { useEffect } from 'react';
import { AppShell, Button, Container } from '@mantine/core';
import { Outlet, useNavigate } from '@tanstack/react-router';
import { ApiError } from '../api/client';
import { msg, useT } from '../i18n';
import { translateMessage } from '../lib/messages';
import { getToken } from '../session/token';
import { useCurrentUser } from '../session/useSession';
import { useLanguageSync } from '../session/useLanguageSync';
import { CornerLanguageSwitch } from './LanguageSwitch';
import { PageLoader } from './PageLoader';
import { StatusMessage } from './StatusMessage';
import { TopBar } from './TopBar';
import { LegalLinks } from '../features/legal/LegalPage';

/** How long a page with no answer about the user waits before asking the server again by itself. */
const AUTO_RETRY_MS = 15_000;

/**
 * The authenticated layout: top bar and page; a spinner while the user loads, and when the server
 * cannot be reached (the session is kept), a message that says so and asks again. A visitor trying
 * the demo gets the same layout, with a 'Log in' button where the user menu would be.
 */
export default function AppLayout() {
  const t = useT();
  const { user, isError, error, refetch, isFetching } = useCurrentUser();
  useLanguageSync(user);
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
    const unreachableText = msg('The server could not be reached.');
    return (
      <Container size="sm" py={120} data-testid="server-unreachable" pos="relative">
        <CornerLanguageSwitch right={0} />
        <StatusMessage kind="error">
          {translateMessage(error instanceof ApiError ? error.detailText(unreachableText) : unreachableText)}{' '}
          {t('Your session is kept; this page tries again by itself.')}
        </StatusMessage>
        <Button display="block" mx="auto" mt="xl" onClick={() => void refetch()} loading={isFetching}>
          {t('Try again')}
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
        <Container size="xl" pb="xl" className="screen-only">
          <LegalLinks />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
