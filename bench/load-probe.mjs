// What a page downloads and what it complains about: every request of a browser context
// (the page's and its workers'), with status, bytes on the wire and whether it failed, and
// every console error. `npm run bench:load` sums these per screen; the quiet-load browser
// test fails on any failed request or console error they show.

/**
 * @typedef {object} RequestRecord
 * @property {string} url
 * @property {string} method
 * @property {string} type  Playwright's resource type (document, script, fetch, image, ...)
 * @property {number} status  0 when the request failed before an answer
 * @property {number} bytes  response headers + body as received (compressed when the server compressed)
 * @property {string} [failure]  the network error, for a request that never got an answer
 * @property {boolean} [byServiceWorker]  made by the app's service worker (its background precache), not by a page
 * @property {boolean} [fromServiceWorker]  a page's request the service worker answered from its cache (0 bytes)
 */

/**
 * Starts recording on `context`; call `take()` to get (and clear) what was recorded so far.
 * `settled()` waits until no request is in flight.
 * @param {import('playwright-core').BrowserContext} context
 */
export function watchContext(context) {
  /** @type {RequestRecord[]} */
  let records = [];
  /** @type {string[]} */
  let errors = [];
  /** @type {Set<Promise<void>>} */
  const pending = new Set();
  let inFlight = 0;

  /** @param {import('playwright-core').Request} request @param {string | undefined} failure */
  const finish = (request, failure) => {
    const done = (async () => {
      const response = failure ? null : await request.response().catch(() => null);
      const fromServiceWorker = response?.fromServiceWorker() ?? false;
      const sizes = failure || fromServiceWorker ? null : await request.sizes().catch(() => null);
      /** @type {RequestRecord} */
      const rec = {
        url: request.url(),
        method: request.method(),
        type: request.resourceType(),
        status: response?.status() ?? 0,
        bytes: sizes ? sizes.responseHeadersSize + sizes.responseBodySize : 0,
      };
      if (failure) rec.failure = failure;
      if (request.serviceWorker()) rec.byServiceWorker = true;
      if (fromServiceWorker) rec.fromServiceWorker = true;
      records.push(rec);
    })().finally(() => {
      pending.delete(done);
      inFlight--;
    });
    pending.add(done);
  };
  context.on('request', (r) => {
    if (!r.url().startsWith('data:') && !r.url().startsWith('blob:')) inFlight++;
  });
  context.on('requestfinished', (r) => {
    if (!r.url().startsWith('data:') && !r.url().startsWith('blob:')) finish(r, undefined);
  });
  context.on('requestfailed', (r) => {
    if (!r.url().startsWith('data:') && !r.url().startsWith('blob:')) finish(r, r.failure()?.errorText ?? 'failed');
  });
  /** @param {import('playwright-core').Page} page */
  const watchPage = (page) => {
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
    });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    page.on('worker', (w) => w.on('console', (m) => m.type() === 'error' && errors.push(`worker: ${m.text()}`)));
  };
  for (const page of context.pages()) watchPage(page);
  context.on('page', watchPage);

  return {
    /** Waits until every started request has finished (or failed) and been recorded. */
    async settled(quietMs = 500, timeoutMs = 30_000) {
      const end = Date.now() + timeoutMs;
      let quietSince = Date.now();
      while (Date.now() < end) {
        // A record still being read (its response or sizes) never holds this past the deadline.
        await Promise.race([Promise.all([...pending]), new Promise((r) => setTimeout(r, Math.max(0, end - Date.now())))]);
        if (inFlight > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= quietMs) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    /** What was recorded since the last take. */
    take() {
      const out = { requests: records, errors };
      records = [];
      errors = [];
      return out;
    },
  };
}

/**
 * The requests that count as broken: a network failure or an HTTP error status.
 * @param {RequestRecord[]} requests
 */
export function failedRequests(requests) {
  return requests.filter((r) => r.failure || r.status >= 400);
}

/**
 * The pages' own requests, without the service worker's background precache.
 * @param {RequestRecord[]} requests
 */
export function pageRequests(requests) {
  return requests.filter((r) => !r.byServiceWorker);
}

/** @param {RequestRecord[]} requests */
export function totalBytes(requests) {
  return requests.reduce((s, r) => s + r.bytes, 0);
}
