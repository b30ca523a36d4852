import type { OpenAPIHono } from '@hono/zod-openapi';
import type { UserRow } from '../db/repositories/users.repository';
import type { AppServices } from '../compose';

/** What the routes reach: the services (and the config), never the database. */
export type Services = AppServices;

export type Env = { Variables: { user: UserRow } };
export type App = OpenAPIHono<Env>;
