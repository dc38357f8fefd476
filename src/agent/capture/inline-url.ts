// Resources put into snapdom's SVG image as data: URLs: an SVG image loads nothing else
// (no blob:, no same-document URL), so every font or picture it shows must be inline.

const cache = new Map<string, Promise<string | null>>();

/** The bytes behind a URL as a data: URL, fetched once per frame; null when unreadable. */
export function asDataUrl(url: string, fallbackType = 'application/octet-stream'): Promise<string | null> {
  if (url.startsWith('data:')) return Promise.resolve(url);
  let p = cache.get(url);
  if (!p) {
    p = (async () => {
      try {
        const blob = await (await fetch(url)).blob();
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let bin = '';
        for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return `data:${blob.type || fallbackType};base64,${btoa(bin)}`;
      } catch {
        return null;
      }
    })();
    cache.set(url, p);
  }
  return p;
}
