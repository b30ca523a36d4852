import { PublicConfig } from '../../core/contract';
import { request } from './client';

/** GET /utils/config: the public settings the screens show (contact e-mail, blocked domains, model). */
export const fetchConfig = () => request('/utils/config', PublicConfig);
