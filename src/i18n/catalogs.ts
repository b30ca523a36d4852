/**
 * The translations of one language, merged from its `<lang>/*.json` files (one per part of the
 * app). Each language is its own module so that the bundler can load it apart: Swedish is fetched
 * only when Swedish is spoken, and English, whose texts are the keys, carries almost nothing.
 */
export type Catalog = Record<string, string>;

export function merged(files: Record<string, Catalog>): Catalog {
  const out: Catalog = {};
  for (const path of Object.keys(files).sort()) Object.assign(out, files[path]);
  return out;
}
