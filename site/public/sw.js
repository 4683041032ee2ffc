// Offline support, kept tiny: pages network-first (a visited page stays readable without a
// connection), hashed assets cache-first, and /contact and /offline stored up front.
const CACHE = 'cfp-v1';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(['/contact', '/offline']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

const store = (key, response) => {
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(key, copy));
  }
  return response;
};

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== location.origin || /^\/(api|admin|media)(\/|$)/.test(url.pathname)) return;
  if (url.pathname.startsWith('/_astro/')) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request).then((response) => store(request, response))));
  } else if (request.mode === 'navigate') {
    const key = url.origin + url.pathname;
    event.respondWith(
      fetch(request)
        .then((response) => store(key, response))
        .catch(() => caches.match(key).then((hit) => hit || caches.match('/offline'))),
    );
  }
});
