import type { Config } from './config';
import type { Db } from './db/client';
import { usersRepository } from './db/repositories/users.repository';
import { authTokensRepository } from './db/repositories/auth-tokens.repository';
import { revokedTokensRepository } from './db/repositories/revoked-tokens.repository';
import { throttleRepository } from './db/repositories/throttle.repository';
import { throttleService } from './services/throttle.service';
import { accessTokens } from './auth/access-tokens';
import { createMailer, type Mailer } from './mail/mailer';
import { accountMails } from './services/account-mails.service';
import { authService } from './services/auth.service';
import { usersService } from './services/users.service';
import { createImageStore } from './storage/create';
import { UserCache } from './auth/user-cache';
import { tasksRepository, submissionsRepository } from './db/repositories/tasks.repository';
import { tasksService } from './services/tasks.service';
import { rescoreService } from './services/rescore.service';
import { dicomwebService } from './services/dicomweb.service';
import { frameDecoderThread } from './dicom/frame-thread';
import { intakeService, type UploadWatcher } from './submissions/intake.service';
import { demoService } from './services/demo.service';
import { taskEvents } from './events/task-events';
import { perUserSlots } from './limits/per-user-slots';
import { healthRepository } from './db/repositories/health.repository';
import { healthService } from './services/health.service';

/** Wires repositories into services: the one place that knows which service needs what. */
export interface ComposeOptions {
  mailer?: Mailer;
  log?: (msg: string) => void;
  /** Hands a new task to the job queue (absent: tasks wait in the database until a worker starts). */
  enqueue?: (taskId: string) => Promise<void>;
  /** What an in-process worker is told of a study on its way (server/jobs/head-start.ts). */
  uploads?: UploadWatcher;
  /** The clock of the throttling counters (tests move it on instead of waiting). */
  now?: () => Date;
}

export function composeServices(config: Config, db: Db, opts: ComposeOptions = {}) {
  const users = usersRepository(db);
  const tokens = authTokensRepository(db);
  const files = createImageStore(config, db);
  const mailer = opts.mailer ?? createMailer(config, opts.log);
  const mails = accountMails(config, tokens, mailer);
  const userCache = new UserCache(config.authCacheMs);
  userCache.follow(db, opts.log);
  const tasks = tasksRepository(db);
  const submissions = submissionsRepository(db);
  const throttle = throttleService({ config: config.throttle, counters: throttleRepository(db), now: opts.now ?? (() => new Date()) });
  const services = {
    config,
    auth: authService({
      users,
      tokens,
      accessTokens: accessTokens(config.secretKey, config.accessTokenMinutes),
      revokedTokens: revokedTokensRepository(db),
      mails,
      userCache,
      throttle,
      sharedDatabase: db.kind === 'postgres',
    }),
    users: usersService({ config, users, mails, files, userCache, throttle, answersChanged: rescoreService({ tasks, now: opts.now }).answersChanged }),
    userCache,
    mails,
    files,
    tasks: tasksService({ tasks, submissions, files }),
    taskEvents: taskEvents(db, opts.log),
    /** The event streams each person has open (server/http/task-stream.ts). */
    taskStreams: perUserSlots(config.taskStreamsPerUser),
    health: healthService({ health: healthRepository(db), images: files }),
    dicomweb: dicomwebService({ tasks, files, frames: frameDecoderThread() }),
    intake: intakeService({ config, db, files, enqueue: opts.enqueue ?? (async () => undefined), ...opts.uploads, userChanged: (id) => userCache.forget(id) }),
    demo: demoService({ config, db, files, enqueue: opts.enqueue ?? (async () => undefined) }),
  };
  return services;
}
export type AppServices = ReturnType<typeof composeServices>;
