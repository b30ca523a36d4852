import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { supervise } from './supervisor';

/**
 * `npm start`: a small primary process that runs the server (server/main.ts) as its child and
 * starts it again within seconds when it dies. SIGTERM and SIGINT are forwarded, and the server's
 * clean shutdown ends this process too. `npm run server` runs the server without it.
 */
const serverScript = fileURLToPath(new URL('./main.ts', import.meta.url));

const supervision = supervise({
  // The same Node flags (tsx's loader) and environment; the IPC channel tells the server when
  // this process is gone, so it never outlives its supervisor.
  start: () => fork(serverScript, process.argv.slice(2), { execArgv: process.execArgv, env: process.env }),
  log: (message) => console.log(`supervisor: ${message}`),
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void supervision.stop(signal));
supervision.done.then((code) => process.exit(code));
