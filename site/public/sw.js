// Offline support, kept tiny: pages network-first (a visited page stays readable without a
// connection), hashed assets cache-first, and the contact and offline pages stored up front, in
// the language of the visitor's pages: French (/contact, /offline) or English (/en/contact,
// /en/offline), the other language's only once a page in it has been visited.
const CACHE = 'cfp-v1';

const offlinePage = { fr: '/offline', en: '/en/offline' };
const savedPages = { fr: ['/contact', offlinePage.fr], en: ['/en/contact', offlinePage.en] };
const languageOf = (pathname) => (pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'fr');

/** Stores a language's contact and offline pages: again when the worker installs, else those not stored yet. */
const keepPages = (language, again = false) =>
  caches.open(CACHE).then(async (cache) => {
    const stored = again ? [] : await Promise.all(savedPages[language].map((page) => cache.match(page)));
    return cache.addAll(savedPages[language].filter((_, index) => !stored[index]));
  });

self.addEventListener('install', (event) => {
  event.waitUntil(
    // The pages open when the worker installs say which language to store (French when none).
    self.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then((clients) => {
        const languages = new Set(clients.map((client) => languageOf(new URL(client.url).pathname)));
        return Promise.all([...(languages.size > 0 ? languages : ['fr'])].map((language) => keepPages(language, true)));
      })
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
    const language = languageOf(url.pathname);
    const other = language === 'fr' ? 'en' : 'fr';
    const answer = fetch(request);
    // Online in this language: its contact and offline pages are stored for later, if they are not yet.
    event.waitUntil(answer.then(() => keepPages(language)).catch(() => undefined));
    event.respondWith(
      answer
        .then((response) => store(key, response))
        .catch(() =>
          caches
            .match(key)
            .then((hit) => hit || caches.match(offlinePage[language]))
            .then((hit) => hit || caches.match(offlinePage[other])),
        ),
    );
  }
});
