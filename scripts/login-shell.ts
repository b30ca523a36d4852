/**
 * The login page, pre-rendered into the built index.html (issue 19, Lighthouse): /login is the
 * page a visitor opens first, and until the app's code has loaded and started (about a second on
 * this machine) she saw only the splash. Now she sees the page itself from the first paint; the
 * app's first render replaces it with the live page, which looks the same.
 *
 * The copy is a picture, not a second page: `inert` (no focus, no clicks, no typing that the live
 * page would drop) and hidden from screen readers, and stripped of ids, label targets, names and
 * test ids so that nothing (a password manager, a test, a script) takes it for the live form.
 * public/before-app.js shows it only where the live page will look like it: on /login, logged
 * out, in English (the languages the device has chosen otherwise get the splash), on a desktop
 * screen; global.css hides it everywhere else.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';

/** Where the copy goes in index.html: a comment in the dev server's page, the copy in the build. */
export const LOGIN_SHELL_MARKER = '<!-- login-shell -->';

/** Attributes that tie an element to others or name it for a machine: none of them may be copied. */
const IDENTIFYING = / (?:id|for|name|data-testid|aria-label|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g;

/** The copy as it goes into index.html: inert, hidden from assistive technology, anonymous. */
export function shellMarkup(rendered: string): string {
  return `<div class="app-login-shell" inert aria-hidden="true">${rendered.replace(IDENTIFYING, '')}</div>`;
}

/** The login page as HTML, rendered by Vite's module runner (src/prerender/login-shell.tsx). */
export async function renderLoginShell(root: string): Promise<string> {
  const server = await createServer({
    root,
    configFile: false,
    plugins: [react()],
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const mod = (await server.ssrLoadModule('/src/prerender/login-shell.tsx')) as { renderLoginPage: () => Promise<string> };
    return shellMarkup(await mod.renderLoginPage());
  } finally {
    await server.close();
  }
}

export function loginShell(): Plugin {
  const root = fileURLToPath(new URL('..', import.meta.url));
  return {
    name: 'smart-density-login-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(LOGIN_SHELL_MARKER)) throw new Error(`index.html has no ${LOGIN_SHELL_MARKER} for the pre-rendered login page`);
        return html.replace(LOGIN_SHELL_MARKER, await renderLoginShell(root));
      },
    },
  };
}
