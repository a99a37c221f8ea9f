import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
// Relative, so Vite bundles it into the config (Node cannot load the package's TypeScript itself).
import { OT_BOOKS } from '@lectio/contracts/books';
import { firstScreenScript } from './src/build/firstScreenScript';
import { SCRIPTURE_FONT } from './src/features/reader/scriptureFont';

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
      const source = template
        .replace('__LECTIO_PRECACHE__', JSON.stringify(files))
        .replace('__LECTIO_VERSION__', JSON.stringify(version));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * The screens a visit usually starts on, by path. Their code is fetched by `/first-screen.js`, a tiny
 * script in the page's head (high priority: deferred scripts are fetched late otherwise), at the
 * same time as the entry script: otherwise it would start only once the entry (React) had
 * downloaded and run. Other paths load their screen as before.
 */
const FIRST_SCREENS: Record<string, string> = {
  '/': 'src/pages/LandingPage.tsx',
  '/landing': 'src/pages/LandingPage.tsx',
  '/auth': 'src/features/accounts/components/AuthPage.tsx',
  '/home': 'src/pages/ReaderScreen.tsx',
  '/account': 'src/pages/AccountScreen.tsx',
};

/** Emits `first-screen.js` (see FIRST_SCREENS): per path, the screen's chunk and the chunks it imports. */
function firstScreenPreload(): Plugin {
  return {
    name: 'lectio-first-screen-preload',
    apply: 'build',
    // Deferred and ahead of the entry script, so it runs before the app asks for anything; deferred
    // scripts run once the (small) page is parsed, without waiting for the entry to download.
    transformIndexHtml(html) {
      const themeInit = '<script src="/theme-init.js"></script>';
      if (!html.includes(themeInit))
        throw new Error('first-screen preload: index.html has no theme-init.js script to follow');
      return html.replace(
        themeInit,
        `${themeInit}\n    <script defer fetchpriority="high" src="/first-screen.js"></script>`,
      );
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // What the entry imports is preloaded by index.html already.
      const closure = (start: string[], seen = new Set<string>()) => {
        for (const file of start) {
          if (seen.has(file)) continue;
          seen.add(file);
          closure(byFile.get(file)?.imports ?? [], seen);
        }
        return seen;
      };
      const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const map: Record<string, string[]> = {};
      for (const [path, module] of Object.entries(FIRST_SCREENS)) {
        const screen = chunks.find((c) => c.facadeModuleId === webRoot + module);
        if (!screen) throw new Error(`first-screen preload: no chunk for ${module}`);
        map[path] = [...closure([screen.fileName])].filter((f) => !entry.has(f)).map((f) => '/' + f);
      }
      // The reader's Scripture font (index.css): fetched with the screen's code, not once the CSS has been applied.
      const font = Object.values(bundle).find((a) => a.type === 'asset' && a.names.includes('literata-400.woff2'));
      if (!font) throw new Error('first-screen preload: no literata-400.woff2 asset');
      const fonts: Record<string, string[]> = { '/home': ['/' + font.fileName] };
      const source = firstScreenScript({
        files: map,
        fonts,
        faces: { '/home': [SCRIPTURE_FONT] },
        oldTestament: OT_BOOKS.map((b) => b.id),
      });
      this.emitFile({ type: 'asset', fileName: 'first-screen.js', source });
    },
  };
}

/**
 * What nearly every screen loads, as two chunks. Left to Rolldown, React, jotai, TanStack Query and a
 * handful of our small shared modules came as 14 chunks of 0.1-3 KB, each paying for its own imports,
 * exports and gzip stream: /home loaded 128.7 KB gzipped in 20 files, now 126.6 KB in 11
 * (`npx tsx bench/reader-js.ts`).
 */
const SHARED_MODULES = [
  'contracts/src/books.ts',
  'contracts/src/access.ts',
  'contracts/src/constants.ts',
  'web/src/lib/api.ts',
  'web/src/components/tutorialState.ts',
  'web/src/features/plans/api/currentPlan.ts',
  'web/src/features/billing/hooks/useTrialStatus.ts',
  'web/src/features/accounts/state/accountDisplay.ts',
];
const SHARED_CHUNKS = [
  { name: 'runtime', test: /node_modules[\\/](react|scheduler|jotai|@tanstack)[\\/]/ },
  { name: 'shared', test: (id: string) => SHARED_MODULES.some((module) => id.replaceAll('\\', '/').endsWith(module)) },
];

const config = {
  root: webRoot,
  plugins: [react(), tailwindcss(), firstScreenPreload(), serviceWorker()],
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
    rolldownOptions: { output: { codeSplitting: { groups: SHARED_CHUNKS } } },
  },
} satisfies UserConfig;

export default defineConfig(({ command }) => {
  // A build is always a production build: `NODE_ENV=development npm start` once shipped React's
  // development build (57% more JavaScript) and no service worker. Vite reads NODE_ENV after this
  // config, so setting it here wins over the environment.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
