import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin, UserConfig } from 'vite';
import { renderIcons } from './scripts/icons';
import { precompress } from './scripts/precompress';
import { usedMantineCss } from './scripts/mantine-css';
import { loginShell } from './scripts/login-shell';
import { pageChunksPlugin } from './scripts/page-chunks';
import { chunkGroups, planChunks } from './scripts/chunking';

/** The icons are generated from code (scripts/icons.ts): emitted into the build, served in dev. */
function icons(): Plugin {
  let files: Promise<Record<string, Buffer | string>> | null = null;
  const load = () => (files ??= renderIcons());
  return {
    name: 'smart-density-icons',
    async generateBundle() {
      for (const [fileName, source] of Object.entries(await load())) this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const name = req.url?.slice(1).split('?')[0] ?? '';
        const file = (await load())[name];
        if (file === undefined) return next();
        res.setHeader('Content-Type', name.endsWith('.svg') ? 'image/svg+xml' : 'image/png');
        res.end(file);
      });
    },
  };
}

const root = fileURLToPath(new URL('.', import.meta.url));
// vtk.js's XML reader/writer (unused here) imports xmlbuilder2, which needs Node's events module.
const resolve = { alias: { xmlbuilder2: fileURLToPath(new URL('./src/features/viewer/xmlbuilder2-stub.ts', import.meta.url)) } };

// The PWA: the service worker is our own (workers/sw.ts) so the submission outbox can live in it;
// the plugin injects the precache manifest of the built app shell.
export default defineConfig(async ({ command }): Promise<UserConfig> => ({
  // The app's code in few files (scripts/chunking.ts): planned from a first bundling, for a build only.
  build: command === 'build' ? { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups(await planChunks(root, resolve)) } } } } : {},
  plugins: [
    react(),
    icons(),
    loginShell(),
    pageChunksPlugin(fileURLToPath(new URL('.', import.meta.url))),
    usedMantineCss(fileURLToPath(new URL('.', import.meta.url)), ['src']),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'sw.ts',
      // Registered by src/offline/service-worker.ts (workbox-window), which asks before updating.
      registerType: 'prompt',
      injectRegister: false,
      // The built-in viewer's Cornerstone chunks, decode workers and WASM codecs are fetched when it
      // opens, not precached: the app shell stays small.
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/BuiltInViewer-*', '**/cornerstone-*', '**/computeWorker-*', '**/*.wasm', '**/decodeImageFrameWorker-*'],
      },
      manifest: {
        name: 'Smart Density',
        short_name: 'Smart Density',
        description: 'Understand your mammogram results with AI-derived scores.',
        theme_color: '#2f6f7e',
        background_color: '#f7f9fa',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
    }),
    precompress(),
  ],
  resolve,
  // Cornerstone's DICOM image loader starts its decode worker with new URL(..., import.meta.url) and
  // loads WASM codecs: pre-bundling would break those paths, and its worker splits into chunks (ES).
  // Its CommonJS dependencies (the codecs' Emscripten glue, dicom-parser, pako) are pre-bundled for
  // the dev server all the same, which serves only ES modules.
  optimizeDeps: {
    exclude: ['@cornerstonejs/dicom-image-loader'],
    include: [
      'dicom-parser',
      ...['codec-charls/decodewasmjs', 'codec-libjpeg-turbo-8bit/decodewasmjs', 'codec-libjxl/decodewasmjs', 'codec-openjpeg/decodewasmjs', 'codec-openjph/wasmjs', 'jpeg-lossless-decoder-js'].map(
        (dep) => `@cornerstonejs/dicom-image-loader > @cornerstonejs/${dep}`,
      ),
      '@cornerstonejs/dicom-image-loader > pako',
    ],
  },
  worker: { format: 'es' },
  server: { proxy: { '/api': 'http://127.0.0.1:8000' } },
  preview: { proxy: { '/api': 'http://127.0.0.1:8000' } },
}));
