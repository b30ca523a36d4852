/**
 * How the app's code is cut into files (issue 19, the first load). Left to itself the bundler cuts
 * it by which pages share a module, not knowing that the entry always runs first: the entry came
 * with 17 more files and the signed-in layout with 29, most of them a few hundred bytes (one per
 * Mantine component), and a browser fetches at most six files at a time from one origin over
 * HTTP/1.1, so the logged-in home waited for rounds of small requests before it could render.
 *
 * A plan, made by `vite build` from a first bundling left to itself (in memory, unminified),
 * names the modules that end up in the entry's files (`boot`) and in the signed-in layout's (less
 * the entry's; apart, as `shared`, those a visitor's page loads too: the login page, the toasts'
 * container); the real build puts each set in one file. The same code, in the same pages, in far fewer files: the entry and
 * its 17 in one, the layout's 29 in two. Pages keep their own chunks, and code loaded on demand
 * (the viewer, the toasts) stays apart. A set is found by the modules' paths, so a plan can never
 * change what the code does, only how it is cut (modules it does not name are cut as before).
 */
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type UserConfig } from 'vite';
import { SIGNED_OUT_ONLY, withImports, type ChunkInfo } from './page-chunks';

export interface ChunkPlan {
  boot: string[];
  /** The layout's modules that a visitor's page loads too. */
  shared: string[];
  layout: string[];
}

/** The plan, from a bundle made without it, for a project at `root`. */
export function chunkPlan(bundle: Record<string, ChunkInfo>, root: string): ChunkPlan | null {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const main = path.join(root, 'src', 'main.tsx');
  const layout = path.join(root, 'src', 'components', 'AppLayout.tsx');
  const entry = chunks.find((c) => c.isEntry && (c.facadeModuleId === main || c.moduleIds?.includes(main)));
  const layoutChunk = chunks.find((c) => c.facadeModuleId === layout);
  // Another bundle of the same build (the service worker's) has neither.
  if (!entry) return null;
  if (!layoutChunk) throw new Error('chunk plan: the signed-in layout has no chunk of its own');
  const boot = new Set(withImports(bundle, entry.fileName, new Set()));
  const layoutFiles = withImports(bundle, layoutChunk.fileName, boot);
  // What a visitor's page loads of the layout's code goes in a file of its own ("shared"), so that
  // the login page does not load the whole layout, nor the layout the login page's code: the
  // visitor pages, and what the entry loads later on every page (the toasts' container).
  const routes = path.join(root, 'src', 'routes') + path.sep;
  const visitorRoots = chunks.filter((c) => {
    const id = c.facadeModuleId ?? '';
    if (id.startsWith(routes) && SIGNED_OUT_ONLY.has(path.basename(id).replace(/\.tsx?$/, ''))) return true;
    return c !== layoutChunk && !id.startsWith(routes) && [...boot].some((f) => bundle[f]?.dynamicImports?.includes(c.fileName));
  });
  const visitorFiles = new Set(visitorRoots.flatMap((c) => withImports(bundle, c.fileName, boot)));
  const modules = (files: Iterable<string>) => [...files].flatMap((f) => bundle[f]?.moduleIds ?? []).sort();
  return {
    boot: modules(boot),
    shared: modules(layoutFiles.filter((f) => visitorFiles.has(f))),
    layout: modules(layoutFiles.filter((f) => !visitorFiles.has(f))),
  };
}

/**
 * The groups for `build.rolldownOptions.output.codeSplitting` that follow a plan. A group also takes
 * the modules those import, unless a group of higher priority took them first: the entry's
 * first, then what a visitor's page shares with the layout, then the rest of the layout.
 */
export function chunkGroups(plan: ChunkPlan) {
  const group = (name: string, ids: string[], priority: number) => {
    const set = new Set(ids);
    return { name, test: (id: string) => set.has(id), priority };
  };
  return [group('boot', plan.boot, 30), group('shared', plan.shared, 20), group('layout', plan.layout, 10)];
}

/**
 * The plan for the app at `root`: its code bundled as the build would without the plan, from
 * `resolve` (the build's own), with only the plugins that shape the module graph.
 */
export async function planChunks(root: string, resolve: UserConfig['resolve']): Promise<ChunkPlan> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [react()],
    resolve,
    worker: { format: 'es' },
    build: { write: false, minify: false, reportCompressedSize: false, copyPublicDir: false },
  });
  for (const out of Array.isArray(result) ? result : [result]) {
    if (!('output' in out)) continue;
    const plan = chunkPlan(Object.fromEntries(out.output.map((c) => [c.fileName, c as unknown as ChunkInfo])), root);
    if (plan) return plan;
  }
  throw new Error('chunk plan: the first bundling has no chunk for src/main.tsx');
}
