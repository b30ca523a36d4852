import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { AI_MODEL, AI_MODEL_LABEL } from '../../core/decisions';
import { PublicConfig } from '../../core/contract';
import type { App, Services } from './context';
import { jsonResponse } from './openapi-helpers';


export function utilsRoutes(app: App, s: Services) {
  app.openapi(
    createRoute({
      method: 'get', path: '/utils/config', tags: ['utils'], summary: 'Settings the front end shows (contact e-mail, blocked domains, model)',
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

  app.openapi(
    createRoute({
      method: 'get', path: '/utils/health-check/', tags: ['utils'], summary: 'Liveness',
      responses: { 200: jsonResponse(z.boolean(), 'Alive') },
    }),
    (c) => c.json(true, 200),
  );
}
