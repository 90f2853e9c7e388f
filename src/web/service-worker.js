// Earmark's service worker (decision 036). Built into /sw.js by scripts/vite-service-worker.ts, which
// replaces the build manifest below. Only same-origin GETs of the app itself are answered here:
// hashed assets cache-first, navigations network-first with the offline page as the fallback. Nothing
// under /api/ (personal data, sign-in) is ever cached, nor any cross-origin request (artwork, audio),
// which the browser handles as if there were no worker.
const BUILD = self.__EARMARK_BUILD__ ?? { version: "dev", precache: [] };
const CACHE = `earmark-shell-${BUILD.version}`;
const OFFLINE_PAGE = "/offline.html";
const SHELL = [OFFLINE_PAGE, "/manifest.webmanifest", "/favicon.svg", "/icon-192.png", ...BUILD.precache];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("earmark-") && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Content-hashed build output: a URL never changes its bytes, so the cache is always right. */
const isHashedAsset = (url) => url.pathname.startsWith("/assets/");
const isNeverCached = (url) => url.pathname.startsWith("/api/") || url.pathname.startsWith("/demo/");

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

/** Always the network (pages carry the session's view); the offline page only when it is unreachable. */
async function networkFirstNavigation(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE);
    if (offline) return offline;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isNeverCached(url)) return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirstNavigation(request));
  } else if (isHashedAsset(url) || SHELL.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});
