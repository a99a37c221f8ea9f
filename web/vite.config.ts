import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** Where `/api` goes in development and preview (override with LECTIO_API). */
// 127.0.0.1, not localhost: the server listens on IPv4 loopback only, and localhost may resolve to ::1.
const apiTarget = process.env.LECTIO_API ?? 'http://127.0.0.1:3000';

/**
 * Emits `sw.js` at build time from `src/sw/sw-template.js`, with the list of built files to
 * precache and a cache name derived from their hashes (so a new build replaces the old cache).
 * In development there is no service worker.
 */
function serviceWorker(): Plugin {
  return {
    name: 'lectio-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((f) => !f.endsWith('.map') && f !== 'sw.js' && !f.startsWith('.vite/'))
        .map((f) => '/' + f)
        // Files from public/ are copied outside the bundle; the shell needs these offline too.
        .concat(['/theme-init.js', '/favicon.svg']);
      const version = createHash('sha256').update(files.sort().join('\n')).digest('hex').slice(0, 12);
      const template = readFileSync(new URL('./src/sw/sw-template.js', import.meta.url), 'utf8');
      const source = template.replace('__LECTIO_PRECACHE__', JSON.stringify(files)).replace('__LECTIO_VERSION__', JSON.stringify(version));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

const config = {
  root: webRoot,
  plugins: [react(), tailwindcss(), serviceWorker()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
} satisfies UserConfig;

export default defineConfig(({ command }) => {
  // A build is always a production build: `NODE_ENV=development npm start` once shipped React's
  // development build (57% more JavaScript) and no service worker. Vite reads NODE_ENV after this
  // config, so setting it here wins over the environment.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
