import type { OpenAPIHono } from '@hono/zod-openapi';
import type { UserRow } from '../services/users.service';
import type { AppServices } from '../compose';
import type { DicomwebCaller } from '../services/dicomweb.service';

/** What the routes reach: the services (and the config), never the database. */
export type Services = AppServices;

export type Env = { Variables: { user: UserRow } };
/** DICOMweb reads: the caller, perhaps limited to one study by a viewer token. */
export type DicomwebEnv = { Variables: { caller: DicomwebCaller } };
export type App = OpenAPIHono<Env>;
