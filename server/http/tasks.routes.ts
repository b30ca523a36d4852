import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { honoPath, ImageQuery, LastTaskImages, Message, Pagination, PATHS, ResultVersions, StudyParam, SubmissionForm, TaskImage, TaskPublic, TasksPublic, ViewParam } from '../../core/contract';
import type { App, Services } from './context';
import { bearerToken, requireUser } from './auth.middleware';
import { bearer, errorResponses, jsonResponse, tooManyRequests, uploadErrorResponses } from './openapi-helpers';
import { streamTask, TASK_STREAMS_BUSY_MESSAGE, TASK_STREAMS_RETRY_SECONDS } from './task-stream';
import { ApiError } from '../errors';
import { requestBody } from './request-body';

const TaskIdParam = z.object({ task_id: z.string().uuid('Task not found') });


export function tasksRoutes(app: App, s: Services) {
  const auth = [requireUser(s)];

  // The upload streams to disk, so its body is read by the intake, not by a validator that would
  // buffer it; the registry entry documents it.
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: PATHS.tasks,
    tags: ['tasks'],
    summary: 'Submit the four views of one study; replaying the same Idempotency-Key returns the first task',
    security: bearer,
    request: {
      headers: z.object({ 'idempotency-key': z.string().optional() }),
      body: { content: { 'multipart/form-data': { schema: SubmissionForm } }, required: true },
    },
    responses: {
      200: jsonResponse(TaskPublic, 'The task (the first one for a replayed Idempotency-Key)'),
      ...errorResponses,
      ...uploadErrorResponses,
      ...tooManyRequests,
    },
  });
  app.post(honoPath(PATHS.tasks), requireUser(s), async (c) => {
    const { task, replayed } = await s.intake.submit(c.get('user'), {
      body: requestBody(c),
      contentType: c.req.header('content-type'),
      idempotencyKey: c.req.header('idempotency-key'),
    });
    if (replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(task, 200);
  });

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.tasks, tags: ['tasks'], summary: 'Tasks: all for a superuser, otherwise the own', security: bearer, middleware: auth,
      request: { query: Pagination },
      responses: { 200: jsonResponse(TasksPublic, 'A page of tasks, newest first, and the total count'), ...errorResponses },
    }),
    async (c) => {
      const { skip, limit } = c.req.valid('query');
      return c.json(await s.tasks.list(c.get('user'), skip, limit), 200);
    },
  );

  // /tasks/last/* before /tasks/{task_id}, so "last" is never read as an id.
  app.openapi(
    createRoute({
      method: 'get', path: PATHS.lastTask, tags: ['tasks'], summary: "The requesting user's most recent task", security: bearer, middleware: auth,
      responses: { 200: jsonResponse(TaskPublic, 'The last task'), ...errorResponses },
    }),
    async (c) => c.json(await s.tasks.last(c.get('user')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.lastTaskImages, tags: ['tasks'], summary: 'The four display images of the last task', security: bearer, middleware: auth,
      responses: { 200: jsonResponse(LastTaskImages, 'All four views'), ...errorResponses },
    }),
    async (c) => c.json(await s.tasks.lastImages(c.get('user')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.lastTaskImage, tags: ['tasks'], summary: 'One view of the last task (display image or an overlay layer)',
      security: bearer, middleware: auth,
      request: { params: ViewParam, query: ImageQuery },
      responses: { 200: jsonResponse(TaskImage, 'The image as base64 PNG'), ...errorResponses },
    }),
    async (c) => c.json(await s.tasks.lastImage(c.get('user'), c.req.valid('param').view_position, c.req.valid('query').layer), 200),
  );

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.taskByStudy, tags: ['tasks'], security: bearer, middleware: auth,
      summary: "A study's newest task, by its Study Instance UID (the image viewer's overlays and regions)",
      request: { params: StudyParam },
      responses: { 200: jsonResponse(TaskPublic, 'The task'), ...errorResponses },
    }),
    async (c) => c.json(await s.tasks.byStudy(c.get('user'), c.req.valid('param').study_instance_uid), 200),
  );

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.task, tags: ['tasks'], summary: 'One task', security: bearer, middleware: auth,
      request: { params: TaskIdParam },
      responses: { 200: jsonResponse(TaskPublic, 'The task'), ...errorResponses },
    }),
    async (c) => c.json(await s.tasks.get(c.get('user'), c.req.valid('param').task_id), 200),
  );

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.taskVersions, tags: ['tasks'], security: bearer, middleware: auth,
      summary: "A task's earlier results, oldest first: each change of her health answers keeps the result it replaces",
      request: { params: TaskIdParam },
      responses: { 200: jsonResponse(ResultVersions, 'The earlier versions (empty when the result was never worked out again)'), ...errorResponses },
    }),
    async (c) => c.json(await s.tasks.versions(c.get('user'), c.req.valid('param').task_id), 200),
  );

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.taskEvents, tags: ['tasks'], security: bearer, middleware: auth,
      summary: 'The task pushed as Server-Sent Events: now, then at each change, until it is completed or failed',
      request: { params: TaskIdParam },
      responses: {
        200: {
          description: "A text/event-stream of `task` events, each the task's TaskPublic JSON; comment lines keep it alive",
          content: { 'text/event-stream': { schema: z.string() } },
        },
        ...errorResponses,
        ...tooManyRequests,
      },
    }),
    async (c) => {
      const id = c.req.valid('param').task_id;
      // Another person's task answers 404 before any stream starts.
      await s.tasks.get(c.get('user'), id);
      // Each open stream holds a socket until the task settles: one person's are few (the app polls instead).
      const release = s.taskStreams.take(c.get('user').id);
      if (!release) throw new ApiError(429, TASK_STREAMS_BUSY_MESSAGE, { 'Retry-After': String(TASK_STREAMS_RETRY_SECONDS) });
      // Each read asks again who the token is and what she may see: a stream outlives requests, and a
      // logout, a switched-off account or a lost superuser role must end it as it ends them.
      const token = bearerToken(c.req.header('authorization'));
      return streamTask(c, id, async () => s.tasks.get(await s.auth.authenticate(token), id), s.taskEvents, release) as never;
    },
  );

  app.openapi(
    createRoute({
      method: 'delete', path: PATHS.task, tags: ['tasks'], security: bearer, middleware: auth,
      summary: "Delete this study: its files, results (every version) and images; it leaves her history. Her own only (a superuser: anyone's); another person's id, or one deleted already, answers 404",
      request: { params: TaskIdParam },
      responses: { 200: jsonResponse(Message, 'Deleted'), ...errorResponses },
    }),
    async (c) => {
      await s.tasks.delete(c.get('user'), c.req.valid('param').task_id);
      return c.json({ message: 'Task deleted successfully' }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.taskImage, tags: ['tasks'], summary: 'One view of a task (display image or an overlay layer)',
      security: bearer, middleware: auth,
      request: { params: TaskIdParam.merge(ViewParam), query: ImageQuery },
      responses: { 200: jsonResponse(TaskImage, 'The image as base64 PNG'), ...errorResponses },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return c.json(await s.tasks.image(c.get('user'), p.task_id, p.view_position, c.req.valid('query').layer), 200);
    },
  );
}
