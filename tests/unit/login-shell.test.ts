import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { renderLoginShell } from '../../scripts/login-shell';

/**
 * The login page pre-rendered into index.html (scripts/login-shell.ts): the real page's texts and
 * links, and nothing by which a password manager, a test or a script could take it for the live
 * form. Its first paint in the browser is tests/e2e/start-up.spec.ts.
 */
describe('the pre-rendered login page', () => {
  it('is the login page, inert and hidden from screen readers, with nothing that identifies its fields', async () => {
    const html = await renderLoginShell(path.resolve(import.meta.dirname, '../..'));
    expect(html.startsWith('<div class="app-login-shell" inert aria-hidden="true">')).toBe(true);
    for (const text of ['Log in', 'Email', 'Password', 'Forgot password?', 'Log In', "Don't have an account?", 'try the demo']) {
      expect(html).toContain(text.replace("'", '&#x27;'));
    }
    // Its links are the live page's addresses.
    for (const href of ['/recover-password', '/signup', '/start-demo']) expect(html).toContain(`href="${href}"`);
    expect(html).not.toMatch(/ (?:id|for|name|data-testid|aria-label|aria-labelledby|aria-describedby|aria-controls)="/);
    expect(html).not.toContain('<script');
  }, 60_000);
});
