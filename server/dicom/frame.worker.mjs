// Entry of the frame decoder's thread: Node does not hand a thread the parent's TypeScript
// loader, so the thread registers tsx itself before loading the TypeScript module.
import { register } from 'tsx/esm/api';

register();
await import('./frame.worker.ts');
