import { serve } from '@hono/node-server';
import { applyConnectionTimeouts } from './http/connection-timeouts';
import { applyConnectionLimit } from './http/connection-limit';
import { loadConfig } from './config';
import { composeServices } from './compose';
import { createApp } from './http/app';
import { openRuntime, runWorker } from './runtime';
import { createThreadedPipeline } from './jobs/pipeline-thread';
import { createHeadStart, watchUploads } from './jobs/head-start';
import { scheduleOrphanSweeps } from './submissions/orphan-uploads';

/** Starts the whole product: migrations, first superuser, API, PWA and (by default) the worker on one port. */
async function main() {
  const config = loadConfig();
  const { db, queue } = await openRuntime(config);
  // Created first: its threads start loading (and warming up) while the rest starts.
  const pipeline = config.runWorker ? createThreadedPipeline(config.pipelineThreads, { warmUp: config.pipelineWarmUp }) : null;
  const headStart = pipeline && config.pipelineHeadStart ? createHeadStart(pipeline, { idle: pipeline.idle }) : null;
  const uploads = pipeline ? watchUploads(pipeline, headStart) : undefined;
  const services = composeServices(config, db, { enqueue: (id) => queue.enqueue(id), uploads });
  await services.users.ensureFirstSuperuser((msg) => console.log(msg));
  if (pipeline) await runWorker(config, db, queue, pipeline, console.log, (id) => services.userCache.forget(id), headStart ?? undefined);
  const app = createApp(services);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
    console.log(`Smart Density listening on http://${host}:${info.port} (data in ${config.dataDir}, database ${db.kind}, worker ${config.runWorker ? 'in process' : 'separate'})`);
  });
  // Idle keep-alive connections are left for the client to close (undici after 4 s, browsers later):
  // while the in-process worker holds the event loop, Node's 5 s server timeout fires late and
  // resets a request that is already on its way (ECONNRESET / EPIPE in API clients).
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 65_000;
  applyConnectionTimeouts(server, config);
  applyConnectionLimit(server, config.maxConnections);
  // Folders of uploads that a process dying mid-request left behind: swept after start, and
  // every 15 minutes after that (what Orthanc could not delete while down goes when it is back).
  const stopSweeps = scheduleOrphanSweeps({ db, files: services.files, log: (msg) => console.log(msg) });
  // The demo profiles' studies are generated and queued after the server answers: a first start
  // is not held up, and a visitor sees them processing in the demo until they are ready.
  if (config.seedDemo) {
    services.demo.seed((msg) => console.log(msg)).catch((err) => console.error('demo profiles could not be seeded:', err));
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    server.close();
    stopSweeps();
    await queue.stop();
    await services.taskEvents.close().catch(() => undefined);
    await services.userCache.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Started by the supervisor (npm start): when it is gone, so is the one to restart this server.
  if (process.connected) process.on('disconnect', () => void stop('supervisor gone'));
}

main().catch((err) => {
  console.error('Smart Density failed to start:', err);
  process.exit(1);
});
