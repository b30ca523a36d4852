import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { AI_MODEL, AI_MODEL_LABEL } from '../../core/decisions';
import { EngineInfo, Health, PATHS, PublicConfig } from '../../core/contract';
import { REFERENCE_MODELS } from '../analysis/model-registry';
import type { App, Services } from './context';
import { jsonResponse } from './openapi-helpers';

export function utilsRoutes(app: App, s: Services) {
  app.openapi(
    createRoute({
      method: 'get', path: PATHS.config, tags: ['utils'], summary: 'Settings the front end shows (contact e-mail, blocked domains, model)',
      responses: { 200: jsonResponse(PublicConfig, 'Public settings') },
    }),
    (c) =>
      c.json(
        {
          contact_email: s.config.contactEmail,
          blocked_signup_domains: s.config.blockedSignupDomains,
          ai_model: AI_MODEL,
          ai_model_label: AI_MODEL_LABEL,
          viewer_url: s.config.viewerUrl,
        },
        200,
      ),
  );

  // The page "How good are these scores?" checks its report was measured on this engine.
  app.openapi(
    createRoute({
      method: 'get', path: PATHS.engine, tags: ['utils'], summary: 'The scoring engine that is running (name and version every result carries)',
      responses: { 200: jsonResponse(EngineInfo, 'The running engine') },
    }),
    (c) => c.json({ name: REFERENCE_MODELS.engine.name, version: REFERENCE_MODELS.engine.version }, 200),
  );

  // Readiness, for a load balancer or a monitor: 503 while any part the product needs is not there.
  app.openapi(
    createRoute({
      method: 'get', path: PATHS.health, tags: ['utils'], summary: 'Readiness: the database, the job queue (and its depth) and the image store',
      responses: {
        200: jsonResponse(Health, 'Every part works'),
        503: jsonResponse(Health, 'A part does not work: its detail says which and why'),
      },
    }),
    async (c) => {
      const health = await s.health.check();
      c.header('Cache-Control', 'no-store');
      return health.status === 'ok' ? c.json(health, 200) : c.json(health, 503);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: PATHS.healthCheck, tags: ['utils'], summary: 'Liveness',
      responses: { 200: jsonResponse(z.boolean(), 'Alive') },
    }),
    (c) => c.json(true, 200),
  );
}
