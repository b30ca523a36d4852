import { apiPath, PATHS, EngineInfo, PublicConfig } from '../../core/contract';
import { request } from './client';

/** GET /utils/config: the public settings the screens show (contact e-mail, blocked domains, model). */
export const fetchConfig = () => request(apiPath(PATHS.config), PublicConfig);

/** GET /utils/engine/: the scoring engine that is running (name and version). */
export const fetchEngine = () => request(apiPath(PATHS.engine), EngineInfo);
