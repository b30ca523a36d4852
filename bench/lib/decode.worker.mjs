// A bench thread that only decodes (see floor.ts). Node does not hand a thread the parent's
// TypeScript loader: register tsx first.
import { register } from 'tsx/esm/api';

register();
await import('./decode.thread.ts');
