import { useEffect } from 'react';
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useMediaQuery } from '@mantine/hooks';
import { DESKTOP_BREAKPOINT_PX } from '../../core/decisions';
import { desktopRedirect } from '../lib/desktop';

/** The root: applies the desktop-only rule before anything else renders. */
export function RootLayout() {
  const isDesktop = useMediaQuery(`(min-width: ${DESKTOP_BREAKPOINT_PX}px)`, true, { getInitialValueInEffect: false });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const target = desktopRedirect(isDesktop, pathname);

  useEffect(() => {
    if (target) void navigate({ to: target, replace: true });
  }, [target, navigate]);

  return target ? null : <Outlet />;
}
