import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { Message, Pagination, PasswordChanged, PATHS, UpdatePassword, UserCreate, UserPublic, UserRegister, UsersPublic, UserUpdate, UserUpdateMe } from '../../core/contract';
import type { App, Services } from './context';
import { requireSuperuser, requireUser } from './auth.middleware';
import { clientAddress } from './client-address';
import { languageOfRequest } from './accept-language';
import { bearer, errorResponse, errorResponses, jsonBody, jsonResponse, tooManyRequests } from './openapi-helpers';

const UserIdParam = z.object({ user_id: z.string().uuid('User not found') });
const TokenParam = z.object({ token: z.string().min(1) });

export function usersRoutes(app: App, s: Services) {
  const me = [requireUser(s)];
  const admin = [requireSuperuser(s)];

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.users, tags: ['users'], summary: 'List users (superuser)', security: bearer, middleware: admin,
      request: { query: Pagination },
      responses: { 200: jsonResponse(UsersPublic, 'A page of users and the total count'), ...errorResponses },
    }),
    async (c) => {
      const { skip, limit } = c.req.valid('query');
      return c.json(await s.users.list(skip, limit), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: PATHS.users, tags: ['users'], summary: 'Create a user (superuser)', security: bearer, middleware: admin,
      request: { body: jsonBody(UserCreate) },
      responses: { 200: jsonResponse(UserPublic, 'The new user'), ...errorResponses, 409: errorResponse('Email taken') },
    }),
    async (c) => c.json(await s.users.create(c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.me, tags: ['users'], summary: 'The current user', security: bearer, middleware: me,
      responses: { 200: jsonResponse(UserPublic, 'The current user'), ...errorResponses },
    }),
    (c) => c.json(s.users.me(c.get('user')), 200),
  );

  app.openapi(
    createRoute({
      method: 'patch', path: PATHS.me, tags: ['users'], summary: 'Update the own profile and risk factors; a new e-mail address needs current_password and waits for the link mailed to it', security: bearer, middleware: me,
      request: { body: jsonBody(UserUpdateMe) },
      responses: { 200: jsonResponse(UserPublic, 'The updated user'), ...errorResponses, 409: errorResponse('Email taken'), ...tooManyRequests },
    }),
    async (c) => c.json(await s.users.updateMe(c.get('user'), c.req.valid('json'), languageOfRequest(c), clientAddress(c, s.config.trustProxy)), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete', path: PATHS.me, tags: ['users'], summary: 'Delete the own account and its data', security: bearer, middleware: me,
      responses: { 200: jsonResponse(Message, 'Deleted'), ...errorResponses },
    }),
    async (c) => {
      await s.users.deleteMe(c.get('user'));
      return c.json({ message: 'User deleted successfully' }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch', path: PATHS.myPassword, tags: ['users'], summary: 'Change the own password', security: bearer, middleware: me,
      request: { body: jsonBody(UpdatePassword) },
      responses: { 200: jsonResponse(PasswordChanged, 'Changed; every other session of the user has ended, this one goes on with the new token'), ...errorResponses, ...tooManyRequests },
    }),
    async (c) => {
      const user = await s.users.changePassword(c.get('user'), c.req.valid('json'), clientAddress(c, s.config.trustProxy));
      const access_token = await s.auth.issue(user);
      return c.json({ message: 'Password updated successfully', access_token, token_type: 'bearer' as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: PATHS.signup, tags: ['users'], summary: 'Sign up; a verification mail follows',
      request: { body: jsonBody(UserRegister) },
      responses: { 200: jsonResponse(UserPublic, 'The new, unverified user'), ...errorResponses, ...tooManyRequests },
    }),
    async (c) => c.json(await s.users.signup(c.req.valid('json'), clientAddress(c, s.config.trustProxy), languageOfRequest(c)), 200),
  );

  app.openapi(
    createRoute({
      method: 'post', path: PATHS.verifyEmail, tags: ['users'], summary: 'Verify an e-mail address with the token of the mail (a sign-up, or a change of address)',
      request: { params: TokenParam },
      responses: { 200: jsonResponse(Message, 'Verified'), ...errorResponses, 409: errorResponse('The new address belongs to another account by now') },
    }),
    async (c) => {
      await s.auth.verifyEmail(c.req.valid('param').token, languageOfRequest(c));
      return c.json({ message: 'Email verified successfully' }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.user, tags: ['users'], summary: 'A user (the own, or any for a superuser)', security: bearer, middleware: me,
      request: { params: UserIdParam },
      responses: { 200: jsonResponse(UserPublic, 'The user'), ...errorResponses },
    }),
    async (c) => c.json(await s.users.get(c.get('user'), c.req.valid('param').user_id), 200),
  );

  app.openapi(
    createRoute({
      method: 'patch', path: PATHS.user, tags: ['users'], summary: 'Update a user (superuser)', security: bearer, middleware: admin,
      request: { params: UserIdParam, body: jsonBody(UserUpdate) },
      responses: { 200: jsonResponse(UserPublic, 'The updated user'), ...errorResponses, 409: errorResponse('Email taken') },
    }),
    async (c) => c.json(await s.users.update(c.get('user'), c.req.valid('param').user_id, c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete', path: PATHS.user, tags: ['users'], summary: 'Delete a user and their data (superuser)', security: bearer, middleware: admin,
      request: { params: UserIdParam },
      responses: { 200: jsonResponse(Message, 'Deleted'), ...errorResponses },
    }),
    async (c) => {
      await s.users.delete(c.get('user'), c.req.valid('param').user_id);
      return c.json({ message: 'User deleted successfully' }, 200);
    },
  );
}
