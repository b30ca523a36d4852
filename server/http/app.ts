import { OpenAPIHono } from '@hono/zod-openapi';
import { swaggerUI } from '@hono/swagger-ui';
import { cors } from 'hono/cors';
import type { Env, Services } from './context';
import { onError, validationHook } from './errors';
import { loginRoutes } from './login.routes';
import { usersRoutes } from './users.routes';
import { utilsRoutes } from './utils.routes';
import { tasksRoutes } from './tasks.routes';
import { demoRoutes } from './demo.routes';
import { revalidatedImages } from './revalidate';
import { serveSpa } from './static';
import { rejectMalformedPath } from './percent-encoding';

export const API_PREFIX = '/api/v1';

export function createApp(services: Services) {
  const api = new OpenAPIHono<Env>({ defaultHook: validationHook as never });
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  revalidatedImages(api);
  loginRoutes(api, services);
  usersRoutes(api, services);
  utilsRoutes(api, services);
  tasksRoutes(api, services);
  demoRoutes(api, services);
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Smart Density API', version: '1.0.0', description: 'Accounts, submissions and AI-derived mammogram scores.' },
  });
  api.notFound((c) => c.json({ detail: 'Not Found' }, 404));
  api.onError(onError);

  const app = new OpenAPIHono<Env>();
  app.use('*', rejectMalformedPath);
  if (services.config.corsOrigins.length > 0) {
    app.use(`${API_PREFIX}/*`, cors({ origin: services.config.corsOrigins, credentials: true }));
  }
  app.route(API_PREFIX, api);
  app.get('/docs', swaggerUI({ url: `${API_PREFIX}/openapi.json`, title: 'Smart Density API' }));
  app.onError(onError);
  app.all(`${API_PREFIX}/*`, (c) => c.json({ detail: 'Not Found' }, 404));
  app.get('*', serveSpa(services.config.staticDir));
  app.notFound((c) => c.json({ detail: 'Not Found' }, 404));
  return app;
}
