// A bench thread that prepares views (image/study.ts prepareView), as a pipeline thread does right
// after decoding. Node does not hand a thread the parent's TypeScript loader: register tsx first.
import { register } from 'tsx/esm/api';

register();
await import('./prepare-view.thread.ts');
