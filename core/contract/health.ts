import { z } from 'zod';

/** One part the product needs to work, as the health check found it. */
const Part = z.object({ ok: z.boolean(), detail: z.string().describe('What was found, or what is wrong, in a sentence') });

/** GET /utils/health: the parts a running product depends on (readiness), beside the liveness check. */
export const Health = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: Part.extend({ kind: z.enum(['pglite', 'postgres']), latency_ms: z.number().nullable() }),
    queue: Part.extend({
      waiting: z.number().int().nullable().describe('Studies queued or waiting for a retry'),
      running: z.number().int().nullable(),
    }),
    image_store: Part.extend({ free_bytes: z.number().nullable() }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;
