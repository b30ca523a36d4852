import { merged } from './catalogs';

/** Swedish: loaded by ./index when it is first spoken (a chunk of its own, kept by the service worker). */
export default merged(import.meta.glob<Record<string, string>>('./sv/*.json', { eager: true, import: 'default' }));
