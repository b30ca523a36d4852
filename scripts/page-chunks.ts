/**
 * The code of the signed-in pages, named in the built index.html so that public/before-app.js can
 * start loading it at once (issue 19, Lighthouse on the logged-in home). The router loads a page's
 * code (a lazy chunk) only after the app's main bundle has been evaluated, a few hundred
 * milliseconds after the page opened; signed in, before-app.js asks for the layout's and the
 * page's chunks as module preloads, beside the main bundle, instead.
 *
 * The map goes into the page as a JSON data block (`<script type="application/json">`, never run,
 * so the Content-Security-Policy's "no inline script" holds): `layout`, the signed-in layout
 * (src/components/AppLayout.tsx), and one entry per page file in src/routes/, by its name (but the
 * login and sign-up pages, which send a signed-in person home). Each lists that module's chunk and
 * every chunk it imports statically that neither the main bundle nor, for a page, the layout has.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export const PAGE_CHUNKS_ID = 'page-chunks';
/** Where the map goes in index.html: just before before-app.js, which reads it (and after the charset). */
export const PAGE_CHUNKS_MARKER = '<!-- page-chunks -->';

/** Pages that a signed-in person never sees (src/router.tsx's guestOnly). */
export const SIGNED_OUT_ONLY = new Set(['login', 'signup']);

export interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  facadeModuleId?: string | null;
  /** Every module the chunk holds (the layout's chunk is a group of modules, scripts/chunking.ts). */
  moduleIds?: string[];
  imports: string[];
  dynamicImports?: string[];
  isEntry: boolean;
}

/** The chunk of `fileName` and all it imports statically, in load order, except those in `loaded`. */
export function withImports(bundle: Record<string, ChunkInfo>, fileName: string, loaded: Set<string>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || loaded.has(name)) return;
    seen.add(name);
    const chunk = bundle[name];
    if (!chunk || chunk.type !== 'chunk') return;
    for (const imported of chunk.imports) visit(imported);
    out.push(name);
  };
  visit(fileName);
  return out;
}

/**
 * The map of page name to chunk URLs, from a built bundle whose source lives under `root`;
 * `entry` is the page's entry chunk (what it loads anyway).
 */
export function pageChunks(bundle: Record<string, ChunkInfo>, entry: string, root: string, base = '/'): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const loaded = new Set(withImports(bundle, entry, new Set()));
  const routes = path.join(root, 'src', 'routes') + path.sep;
  const layout = path.join(root, 'src', 'components', 'AppLayout.tsx');
  const layoutChunk = chunks.find((c) => c.facadeModuleId === layout || c.moduleIds?.includes(layout));
  if (!layoutChunk) throw new Error('page-chunks: no chunk found for the signed-in layout');
  const layoutFiles = withImports(bundle, layoutChunk.fileName, loaded);
  // A page's list leaves out what the layout's has: before-app.js asks for both.
  const withLayout = new Set([...loaded, ...layoutFiles]);
  const map: Record<string, string[]> = { layout: layoutFiles.map((f) => base + f) };
  for (const chunk of chunks) {
    const id = chunk.facadeModuleId;
    if (!id?.startsWith(routes) || id.slice(routes.length).includes(path.sep)) continue;
    const name = path.basename(id).replace(/\.tsx?$/, '');
    // Signed in, these send her home: their code is never needed then.
    if (SIGNED_OUT_ONLY.has(name)) continue;
    map[name] = withImports(bundle, chunk.fileName, withLayout).map((f) => base + f);
  }
  if (!map.home) throw new Error('page-chunks: no chunk found for the home page');
  return map;
}

export function pageChunksPlugin(root: string): Plugin {
  return {
    name: 'smart-density-page-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.chunk) throw new Error('page-chunks: the built page has no bundle to name chunks from');
        const map = pageChunks(ctx.bundle as unknown as Record<string, ChunkInfo>, ctx.chunk.fileName, root);
        // `<` written as \u003c: the JSON can never close its script element.
        const json = JSON.stringify(map).replace(/</g, '\\u003c');
        if (!html.includes(PAGE_CHUNKS_MARKER)) throw new Error(`index.html has no ${PAGE_CHUNKS_MARKER} before before-app.js`);
        return html.replace(PAGE_CHUNKS_MARKER, `<script type="application/json" id="${PAGE_CHUNKS_ID}">${json}</script>`);
      },
    },
  };
}
