import { loadConfig } from './config';
import { openRuntime, runWorker } from './runtime';
import { createThreadedPipeline } from './jobs/pipeline-thread';

/**
 * `npm run worker`: a worker process of its own. It shares the queue through PostgreSQL
 * (DATABASE_URL); the embedded PGlite belongs to one process, whose server runs its own worker.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error('A separate worker needs DATABASE_URL (PostgreSQL). With the embedded database the server runs the worker itself (RUN_WORKER=true).');
    process.exit(2);
  }
  const { db, queue } = await openRuntime(config);
  await runWorker(config, db, queue, createThreadedPipeline(config.pipelineThreads, { warmUp: config.pipelineWarmUp }));
  console.log(`worker started (concurrency ${config.workerConcurrency})`);
  const stop = async () => {
    await queue.stop();
    await db.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error('worker failed to start:', err);
  process.exit(1);
});
