import { SERVER_MESSAGES } from '../../server/messages';
import { createUser, expect, superuserToken, test } from './fixtures';
import { baseUrl } from './fixtures/api';

/** What the server says reaches her in plain words, never 'Inactive user' or 'Invalid token'. */
test.describe('messages from the server, where she reads them', () => {
  test('a switched-off account is told so on the login form', async ({ page, loginPage }) => {
    const who = await createUser({ submission_limit: 1 });
    await fetch(`${baseUrl()}/api/v1/users/${who.user.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${await superuserToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ is_active: false }),
    });
    await loginPage.goto();
    await loginPage.logIn(who.email, who.password);
    await expect(page.getByText(SERVER_MESSAGES.accountSwitchedOff)).toBeVisible();
    await expect(page.getByText('Inactive user')).toHaveCount(0);
  });

  // The wrong current password in Settings: settings.spec reads the new words in the error toast.
});
