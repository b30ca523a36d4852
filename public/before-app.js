// Runs before the app's modules. A file of its own, not inline, because the Content-Security-Policy
// allows no inline script.

// The saved light/dark choice is applied before the first paint, so a dark page never flashes white.
try {
  var scheme = localStorage.getItem('mantine-color-scheme-value');
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme === 'dark' ? 'dark' : 'light');
} catch (e) {}

// zod (the API contract) builds its object schemas without probing `new Function`: the policy allows
// no eval, and the browser reports the probe as a violation although zod catches it. zod reads this
// shared config when it loads; z.config() in a module would run after the bundled schemas are built.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

// On /login the pre-rendered login page (scripts/login-shell.ts) shows instead of the splash while
// the app's code loads, but only where the live page will look like it: logged out (logged in,
// /login sends her home), in English (the copy's language), on a desktop screen (below it the
// desktop-only notice covers the page). The breakpoint is core/decisions.ts's DESKTOP_BREAKPOINT_PX.
try {
  var language = localStorage.getItem('sd-language');
  if (
    location.pathname.replace(/\/+$/, '') === '/login' &&
    !localStorage.getItem('access_token') &&
    (language === null || language === 'en') &&
    matchMedia('(min-width: 992px)').matches
  ) {
    document.documentElement.setAttribute('data-app-shell', 'login');
  }
} catch (e) {}
