import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  DemoImages,
  DemoTaskPublic,
  DemoTasks,
  DemoUserCreateForm,
  DemoUserPublic,
  DemoUsersPublic,
  DemoUsersQuery,
  DemoUserUpdate,
  honoPath,
  ImageQuery,
  Message,
  Pagination,
  PATHS,
  TaskImage,
  ViewParam,
} from '../../core/contract';
import type { App, Services } from './context';
import { requestBody } from './request-body';
import { isSuperuserRequest, requireSuperuser } from './auth.middleware';
import { bearer, errorResponses, jsonBody, jsonResponse, uploadErrorResponses } from './openapi-helpers';

const DemoUserIdParam = z.object({ demo_user_id: z.string().uuid('Demo user not found') });

/**
 * Demo mode (spec section 7). Reads are open to anyone, since visitors use demo mode without an
 * account (spec section 6), but only a superuser's token lists the profiles without images;
 * creating, editing and deleting profiles needs a superuser.
 */
export function demoRoutes(app: App, s: Services) {
  const admin = [requireSuperuser(s)];

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.demoUsers, tags: ['demo'], summary: 'Demo profiles, oldest first',
      request: { query: DemoUsersQuery },
      responses: { 200: jsonResponse(DemoUsersPublic, 'A page of demo profiles and the total count'), ...errorResponses },
    }),
    async (c) => {
      const { skip, limit } = c.req.valid('query');
      return c.json(await s.demo.list(skip, limit, await isSuperuserRequest(s, c.req.header('authorization'))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.demoUser, tags: ['demo'], summary: 'One demo profile',
      request: { params: DemoUserIdParam },
      responses: { 200: jsonResponse(DemoUserPublic, 'The demo profile'), ...errorResponses },
    }),
    async (c) => c.json(await s.demo.get(c.req.valid('param').demo_user_id, await isSuperuserRequest(s, c.req.header('authorization'))), 200),
  );

  // The optional files stream to disk, so the body is read by the service; the registry documents it.
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: PATHS.newDemoUser,
    tags: ['demo'],
    summary: 'Create a demo profile (superuser); with the four views, its study is scored',
    security: bearer,
    request: { body: { content: { 'multipart/form-data': { schema: DemoUserCreateForm } }, required: true } },
    responses: { 200: jsonResponse(DemoUserPublic, 'The new demo profile'), ...errorResponses, ...uploadErrorResponses },
  });
  app.post(honoPath(PATHS.newDemoUser), requireSuperuser(s), async (c) =>
    c.json(await s.demo.create({ body: requestBody(c), contentType: c.req.header('content-type') }), 200),
  );

  app.openapi(
    createRoute({
      method: 'patch', path: PATHS.demoUser, tags: ['demo'], summary: "Change a demo profile's data (superuser)", security: bearer, middleware: admin,
      request: { params: DemoUserIdParam, body: jsonBody(DemoUserUpdate) },
      responses: { 200: jsonResponse(DemoUserPublic, 'The demo profile'), ...errorResponses },
    }),
    async (c) => c.json(await s.demo.update(c.req.valid('param').demo_user_id, c.req.valid('json').data), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete', path: PATHS.demoUser, tags: ['demo'], summary: 'Delete a demo profile and its files (superuser)', security: bearer, middleware: admin,
      request: { params: DemoUserIdParam },
      responses: { 200: jsonResponse(Message, 'Deleted'), ...errorResponses },
    }),
    async (c) => {
      await s.demo.delete(c.req.valid('param').demo_user_id);
      return c.json({ message: 'Demo user deleted successfully' }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.demoTasks, tags: ['demo'], summary: "Every demo profile's scores, keyed by demo user id",
      request: { query: Pagination },
      responses: { 200: jsonResponse(DemoTasks, 'Per demo user id: result, or error'), ...errorResponses },
    }),
    async (c) => {
      const { skip, limit } = c.req.valid('query');
      return c.json(await s.demo.tasks(skip, limit, await isSuperuserRequest(s, c.req.header('authorization'))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.demoTask, tags: ['demo'], summary: "One demo profile's study, shaped like a task",
      request: { params: DemoUserIdParam },
      responses: { 200: jsonResponse(DemoTaskPublic, 'The study'), ...errorResponses },
    }),
    async (c) => c.json(await s.demo.task(c.req.valid('param').demo_user_id, await isSuperuserRequest(s, c.req.header('authorization'))), 200),
  );

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.demoTaskImage, tags: ['demo'], summary: "One view of a demo profile's study (display image or an overlay layer)",
      request: { params: DemoUserIdParam.merge(ViewParam), query: ImageQuery },
      responses: { 200: jsonResponse(TaskImage, 'The image as base64 PNG'), ...errorResponses },
    }),
    async (c) => {
      const p = c.req.valid('param');
      const all = await isSuperuserRequest(s, c.req.header('authorization'));
      return c.json(await s.demo.image(p.demo_user_id, p.view_position, c.req.valid('query').layer, all), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.demoImages, tags: ['demo'], summary: "Every demo profile's four display images, keyed by demo user id",
      request: { query: Pagination },
      responses: { 200: jsonResponse(DemoImages, 'Per demo user id: img_b64 with the four views, or error'), ...errorResponses },
    }),
    async (c) => {
      const { skip, limit } = c.req.valid('query');
      const { images, etag } = await s.demo.images(skip, limit, await isSuperuserRequest(s, c.req.header('authorization')));
      // The validator of the state the answer was built for: the ETag middleware then answers a
      // returning visitor's If-None-Match without hashing megabytes, and compression reuses its bytes.
      c.header('ETag', etag);
      return c.json(images, 200);
    },
  );
}
