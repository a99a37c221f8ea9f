/* Lectio service worker (generated at build time from web/src/sw/sw-template.js).
 * - Built assets: cache-first (precached on install).
 * - Navigations: network-first, falling back to the cached index.html (the app shell).
 * - /api: never handled here. The Bible text is kept offline by the app itself (Cache Storage
 *   'lectio-bible'), so every other API call always goes to the network.
 */
const PRECACHE = __LECTIO_PRECACHE__;
const VERSION = __LECTIO_VERSION__;
const SHELL_CACHE = 'lectio-shell-' + VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // Assets one by one so that a single failure does not abort the install.
      await Promise.all(PRECACHE.filter((u) => u !== '/index.html').map((u) => cache.add(u).catch(() => undefined)));
      try {
        const res = await fetch('/index.html', { cache: 'no-store' });
        if (res.ok) await cache.put('/index.html', res);
      } catch {
        /* offline during install: the next navigation fills it */
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      await Promise.all(
        keys.filter((k) => k.startsWith('lectio-shell-') && k !== SHELL_CACHE).map((k) => caches.delete(k)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      (async () => {
        const cache = await caches.open(SHELL_CACHE);
        try {
          const res = await fetch(request);
          if (res.ok && (res.headers.get('content-type') || '').includes('text/html')) {
            cache.put('/index.html', res.clone());
          }
          return res;
        } catch {
          const shell = await cache.match('/index.html', { ignoreVary: true });
          return shell || new Response('Offline', { status: 503, headers: { 'content-type': 'text/plain' } });
        }
      })(),
    );
    return;
  }

  event.respondWith(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      const hit = await cache.match(request, { ignoreVary: true, ignoreSearch: false });
      if (hit) return hit;
      const res = await fetch(request);
      if (res.ok && (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname))) {
        cache.put(request, res.clone());
      }
      return res;
    })(),
  );
});
