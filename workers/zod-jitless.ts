import { z } from 'zod';

// The Content-Security-Policy allows no eval: zod's compiled fast path probes `new Function`, and
// the browser reports that probe as a violation although zod catches it. Imported first, before any
// schema is built (the page does the same in public/before-app.js); the server keeps the fast path.
z.config({ jitless: true });
