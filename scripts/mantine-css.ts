/**
 * Only the Mantine styles the app uses: `@mantine/core/styles.css` holds every component's rules
 * (about 250 KB, render-blocking), while the app draws a few dozen components. At build time the
 * stylesheet is filtered to the rules of the components that the app's code imports, with
 * everything those components import in turn (Select brings Combobox, Input, Popover...), found by
 * walking @mantine/core's ES modules from its index. Rules that name no Mantine class (the
 * baseline, the colour variables) always stay.
 *
 * The filter runs as a transform of the stylesheet, before Vite names the CSS file by its content
 * hash, so a build that starts using another component gets a new file name (the assets are cached
 * as immutable).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss, { type Rule } from 'postcss';
import type { Plugin } from 'vite';

const CLASS = /\bm_[0-9a-f]{8}\b/g;
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const ANY_IMPORT = /(?:import|export)\s*(?:[^"';]*?\sfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g;

/** The names a source text imports from `@mantine/core`. */
export function namesImportedFromCore(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(NAMED_IMPORT)) {
    if (m[2] !== '@mantine/core') continue;
    for (const part of m[1].split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
      if (name && !part.trim().startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/** Every Mantine class that the modules behind `names` (and the modules they import) use. */
export function classesUsedBy(names: Iterable<string>, coreEsmDir: string): Set<string> {
  const index = readFileSync(path.join(coreEsmDir, 'index.mjs'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const m of index.matchAll(NAMED_IMPORT)) {
    // Names the index takes from other packages (react-remove-scroll) carry no Mantine styles.
    if (!m[2].startsWith('.')) continue;
    for (const part of m[1].split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name) fileOf.set(alias ?? name, path.join(coreEsmDir, m[2]));
    }
  }
  const classes = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const c of text.match(CLASS) ?? []) classes.add(c);
    for (const m of text.matchAll(ANY_IMPORT)) visit(path.resolve(path.dirname(file), m[1]));
  };
  for (const name of names) {
    const file = fileOf.get(name);
    if (file) visit(file);
  }
  return classes;
}

/** The stylesheet without the rules whose Mantine classes are all unused. */
export function keepUsedRules(css: string, used: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  root.walkRules((rule: Rule) => {
    // A rule inside @keyframes names steps, not elements.
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as { name: string }).name)) return;
    const selectors = rule.selectors.filter((s) => {
      const named = s.match(CLASS);
      return !named || named.every((c) => used.has(c));
    });
    if (selectors.length === 0) rule.remove();
    else if (selectors.length < rule.selectors.length) rule.selectors = selectors;
  });
  // At-rules (media queries, supports) left empty go too.
  root.walkAtRules((at) => {
    if (at.nodes && at.nodes.length === 0) at.remove();
  });
  return root.toString();
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) sourceFiles(p, out);
    else if (/\.(?:ts|tsx|mjs)$/.test(e.name)) out.push(p);
  }
  return out;
}

/**
 * The Vite plugin. `sources` are the app's folders; the other Mantine packages the app uses
 * (notifications) import core components too, so their modules count as sources.
 */
export function usedMantineCss(root: string, sources: string[]): Plugin {
  const coreEsm = path.join(root, 'node_modules/@mantine/core/esm');
  const extra = [path.join(root, 'node_modules/@mantine/notifications/esm')];
  return {
    name: 'smart-density-used-mantine-css',
    apply: 'build',
    // Before Vite's own CSS plugins, which turn the stylesheet into a module.
    enforce: 'pre',
    transform(code, id) {
      if (!id.split('?')[0].endsWith(path.join('@mantine', 'core', 'styles.css'))) return null;
      const names = new Set<string>();
      for (const dir of [...sources.map((s) => path.join(root, s)), ...extra]) {
        for (const file of sourceFiles(dir)) for (const n of namesImportedFromCore(readFileSync(file, 'utf8'))) names.add(n);
      }
      return { code: keepUsedRules(code, classesUsedBy(names, coreEsm)), map: null };
    },
  };
}
