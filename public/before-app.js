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

// Signed in, the first thing every page asks the API is who she is (GET /users/me). It is asked
// here, while the app's code still downloads, and src/api/client.ts takes this answer for the
// app's first such request instead of asking again (the same request: its token and headers).
// (Each block in a function of its own: a classic script's vars would be globals of the page.)
(function () {
try {
  var token = localStorage.getItem('access_token');
  if (token && typeof fetch === 'function') {
    var headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };
    var chosen = localStorage.getItem('sd-language');
    if (chosen === 'en' || chosen === 'sv') headers['Accept-Language'] = chosen;
    // Its body is read at once, into an answer of its own: an API answer is no-store, so the
    // browser reads its body only for a reader, and a page that never asks (the 404 page) left the
    // request open for good (the page never went idle).
    var me = fetch('/api/v1/users/me', { headers: headers, credentials: 'include' }).then(function (r) {
      return r.text().then(function (body) {
        var empty = r.status === 204 || r.status === 304;
        return new Response(empty ? null : body, { status: r.status, statusText: r.statusText, headers: r.headers });
      });
    });
    // Unused (a page that never asks), a failure must not be reported as unhandled.
    me.catch(function () {});
    globalThis.__sdEarlyAnswers = { 'GET /users/me': { token: token, response: me } };
  }
} catch (e) {}
})();

// Signed in, the code of the layout and of the page (named by scripts/page-chunks.ts in the
// built page) is asked for now, beside the main bundle, not after it has started. A page file is
// named by the path's first part ('/' and the guest pages, which send her home: home); a path
// that names none loads the layout only. A wrong guess costs a download, never a wrong page.
(function () {
try {
  var signedIn = localStorage.getItem('access_token');
  var data = document.getElementById('page-chunks');
  if (signedIn && data) {
    var chunks = JSON.parse(data.textContent || '{}');
    var first = location.pathname.split('/')[1] || '';
    var page = first === '' || first === 'login' || first === 'signup' ? 'home' : first;
    var urls = (chunks.layout || []).concat(chunks[page] || []);
    for (var i = 0; i < urls.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = urls[i];
      document.head.appendChild(link);
    }
  }
} catch (e) {}
})();
