/**
 * The desktop-only rule (spec section 1, issue 18 item 4): below the large breakpoint the notice
 * covers the current page ('cover'), which stays where it is; on a large viewport the page
 * /desktop-only itself is replaced by / ('home'). While printing nothing happens: the paper's width
 * is not a small screen.
 */
export function desktopRule(isDesktop: boolean, printing: boolean, pathname: string): 'cover' | 'home' | null {
  if (printing) return null;
  const onNotice = pathname === '/desktop-only';
  if (!isDesktop && !onNotice) return 'cover';
  if (isDesktop && onNotice) return 'home';
  return null;
}
