/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the built app, once, at
 * build time (maximum compression costs nothing per request then); the server picks the copy the
 * browser accepts (server/http/static.ts). A copy that would not be smaller is not written.
 */
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const MIN_BYTES = 1024;

export function precompressDir(dir: string): { files: number; bytes: number; br: number; gz: number } {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (COMPRESSIBLE.test(entry.name)) one(file);
    }
  };
  const one = (file: string) => {
    const body = readFileSync(file);
    for (const stale of [`${file}.br`, `${file}.gz`]) {
      try {
        unlinkSync(stale);
      } catch {
        /* none yet */
      }
    }
    if (body.length < MIN_BYTES) return;
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    const gz = gzipSync(body, { level: 9 });
    totals.files++;
    totals.bytes += body.length;
    if (br.length < body.length) {
      writeFileSync(`${file}.br`, br);
      totals.br += br.length;
    }
    if (gz.length < body.length) {
      writeFileSync(`${file}.gz`, gz);
      totals.gz += gz.length;
    }
  };
  walk(dir);
  return totals;
}

/**
 * The Vite plugin: after the bundle (and the service worker, which vite-plugin-pwa writes when the
 * bundle closes) is written. The server never sends a copy older than its file, so a file written
 * after this still goes out correct, only uncompressed.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'smart-density-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (!statSync(outDir, { throwIfNoEntry: false })?.isDirectory()) return;
        const t = precompressDir(outDir);
        const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
        this.info?.(`precompressed ${t.files} files: ${kb(t.bytes)} -> brotli ${kb(t.br)}, gzip ${kb(t.gz)}`);
      },
    },
  };
}
