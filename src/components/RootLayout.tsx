import { useEffect } from 'react';
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useMediaQuery } from '@mantine/hooks';
import { DESKTOP_BREAKPOINT_PX } from '../../core/decisions';
import { desktopRule } from '../lib/desktop';
import { usePageTitle } from '../lib/page-title';
import { usePrinting } from '../lib/use-printing';
import { DesktopOnlyCover } from './DesktopOnlyNotice';

/**
 * The root: applies the desktop-only rule. The page is never taken away: on a small screen the
 * notice covers it (the page underneath is inert, its state kept), and printing never counts.
 */
export function RootLayout() {
  const isDesktop = useMediaQuery(`(min-width: ${DESKTOP_BREAKPOINT_PX}px)`, true, { getInitialValueInEffect: false });
  const printing = usePrinting();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  usePageTitle();
  const rule = desktopRule(isDesktop, printing, pathname);

  useEffect(() => {
    if (rule === 'home') void navigate({ to: '/', replace: true });
  }, [rule, navigate]);

  const covered = rule === 'cover';
  return (
    <>
      <div style={{ display: 'contents' }} inert={covered} data-testid="page-under-cover">
        <Outlet />
      </div>
      {covered && <DesktopOnlyCover />}
    </>
  );
}
