import { OpenAPIHono } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import type { Env, Services } from './context';
import { onError, validationHook } from './errors';
import { loginRoutes } from './login.routes';
import { usersRoutes } from './users.routes';
import { utilsRoutes } from './utils.routes';
import { tasksRoutes } from './tasks.routes';
import { demoRoutes } from './demo.routes';
import { dicomwebRoutes } from './dicomweb.routes';
import { revalidatedImages } from './revalidate';
import { serveSpa } from './static';
import { rejectMalformedPath } from './percent-encoding';
import { securityHeaders } from './security-headers';
import { compressJson } from './compression';
import { docsRoutes } from './docs';
import { limitRequestBodies } from './body-limit';
import { refuseCompressedBodies } from './content-encoding';
import { PATHS } from '../../core/contract';
import { setPlainValidationMessages } from './validation-messages';

export const API_PREFIX = '/api/v1';
const API_TITLE = 'Smart Density API';

export function createApp(services: Services) {
  setPlainValidationMessages();
  const api = new OpenAPIHono<Env>({ defaultHook: validationHook as never });
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  revalidatedImages(api);
  loginRoutes(api, services);
  usersRoutes(api, services);
  utilsRoutes(api, services);
  tasksRoutes(api, services);
  demoRoutes(api, services);
  dicomwebRoutes(api, services);
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: API_TITLE, version: '1.0.0', description: 'Accounts, submissions and AI-derived mammogram scores.' },
    // The paths are relative to the prefix, so "Try it out" on /docs calls /api/v1/users/me.
    servers: [{ url: API_PREFIX }],
  });
  api.notFound((c) => c.json({ detail: 'Not Found' }, 404));
  api.onError(onError);

  const app = new OpenAPIHono<Env>();
  app.use('*', securityHeaders(services.config.viewerUrl));
  app.use('*', rejectMalformedPath);
  if (services.config.corsOrigins.length > 0) {
    app.use(`${API_PREFIX}/*`, cors({ origin: services.config.corsOrigins, credentials: true }));
  }
  app.use(`${API_PREFIX}/*`, refuseCompressedBodies);
  app.use(`${API_PREFIX}/*`, limitRequestBodies(API_PREFIX, [PATHS.tasks, PATHS.newDemoUser]));
  app.use(`${API_PREFIX}/*`, compressJson());
  app.route(API_PREFIX, api);
  docsRoutes(app, `${API_PREFIX}/openapi.json`, API_TITLE);
  app.onError(onError);
  // Anything under /api that no route took is a JSON 404, never the app's page (a DICOMweb client
  // probing another prefix must not get 200 HTML).
  for (const path of ['/api', '/api/*']) app.all(path, (c) => c.json({ detail: 'Not Found' }, 404));
  app.get('*', serveSpa(services.config.staticDir));
  app.notFound((c) => c.json({ detail: 'Not Found' }, 404));
  return app;
}
