import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { EmailField, LoginForm, Message, NewPassword, PATHS, Token, UserPublic } from '../../core/contract';
import type { App, Services } from './context';
import { bearerToken, requireSuperuser, requireUser } from './auth.middleware';
import { clientAddress } from './client-address';
import { languageOfRequest } from './accept-language';
import { bearer, errorResponses, jsonBody, jsonResponse, tooManyRequests } from './openapi-helpers';

const EmailParam = z.object({ email: EmailField });

export function loginRoutes(app: App, s: Services) {
  app.openapi(
    createRoute({
      method: 'post',
      path: PATHS.accessToken,
      tags: ['login'],
      summary: 'OAuth2 password login: an access token for the following requests',
      request: { body: { content: { 'application/x-www-form-urlencoded': { schema: LoginForm } }, required: true } },
      responses: { 200: jsonResponse(Token, 'Access token'), ...errorResponses, ...tooManyRequests },
    }),
    async (c) => {
      const { username, password } = c.req.valid('form');
      const access_token = await s.auth.login(username, password, clientAddress(c, s.config.trustProxy));
      return c.json({ access_token, token_type: 'bearer' as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: PATHS.testToken,
      tags: ['login'],
      summary: 'Test an access token',
      security: bearer,
      middleware: [requireUser(s)],
      responses: { 200: jsonResponse(UserPublic, 'The token is valid'), ...errorResponses },
    }),
    (c) => c.json(s.users.me(c.get('user')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: PATHS.logout,
      tags: ['login'],
      summary: 'Log out: this access token stops working at once (the user\'s other sessions carry on)',
      security: bearer,
      middleware: [requireUser(s)],
      responses: { 200: jsonResponse(Message, 'The token is revoked'), ...errorResponses },
    }),
    async (c) => {
      await s.auth.logout(bearerToken(c.req.header('authorization')));
      return c.json({ message: 'Logged out' }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: PATHS.passwordRecovery,
      tags: ['login'],
      summary: 'Send a password reset link (the answer is the same for unknown addresses)',
      request: { params: EmailParam },
      responses: { 200: jsonResponse(Message, 'Sent if the address has an account'), ...errorResponses, ...tooManyRequests },
    }),
    async (c) => {
      await s.auth.recoverPassword(c.req.valid('param').email, clientAddress(c, s.config.trustProxy), languageOfRequest(c));
      return c.json({ message: 'Password recovery email sent' }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: PATHS.resetPassword,
      tags: ['login'],
      summary: 'Set a new password with the token of a reset mail',
      request: { body: jsonBody(NewPassword) },
      responses: { 200: jsonResponse(Message, 'Password updated'), ...errorResponses },
    }),
    async (c) => {
      const { token, new_password } = c.req.valid('json');
      await s.auth.resetPassword(token, new_password);
      return c.json({ message: 'Password updated successfully' }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: PATHS.passwordRecoveryHtml,
      tags: ['login'],
      summary: 'The HTML of the password recovery mail (superuser only)',
      security: bearer,
      middleware: [requireSuperuser(s)],
      request: { params: EmailParam },
      responses: { 200: { content: { 'text/html': { schema: z.string() } }, description: 'HTML' }, ...errorResponses },
    }),
    async (c) => c.html(await s.users.recoveryHtml(c.req.valid('param').email, languageOfRequest(c)), 200),
  );
}
