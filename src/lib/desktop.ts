/**
 * The desktop-only rule (spec section 1): below the large breakpoint every screen is replaced by
 * /desktop-only; on a large viewport /desktop-only is replaced by /. Returns where to go, or null.
 */
export function desktopRedirect(isDesktop: boolean, pathname: string): '/desktop-only' | '/' | null {
  const onNotice = pathname === '/desktop-only';
  if (!isDesktop && !onNotice) return '/desktop-only';
  if (isDesktop && onNotice) return '/';
  return null;
}
