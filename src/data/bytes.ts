// Bytes helpers with one implementation each: base64 for everything that crosses
// page.evaluate (PNG screenshots, zips), and the SHA-256 every cache key and manifest uses.

/** Lower-case hex SHA-256 of a text (UTF-8), Blob or bytes. */
export async function sha256Hex(data: string | Blob | ArrayBuffer | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data instanceof Blob ? await data.arrayBuffer() : data;
  const digest = await crypto.subtle.digest('SHA-256', bytes as BufferSource);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  // Chunked: String.fromCharCode(...all) overflows the argument limit on large files.
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** Whitespace (line-wrapped base64) is ignored. */
export function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64.replace(/\s+/g, ''));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export async function blobToBase64(blob: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await blob.arrayBuffer()));
}

export function base64ToBlob(b64: string, type = 'image/png'): Blob {
  return new Blob([base64ToBytes(b64) as BlobPart], { type });
}

/**
 * The content hash of a candidate: of its page alone when it is one file (as before multi-file
 * candidates), else of the sorted list "path sha256" of every file, index.html included.
 */
export async function candidateHash(html: string, files?: ReadonlyMap<string, Blob>): Promise<string> {
  if (!files?.size) return sha256Hex(html);
  const lines = [`index.html ${await sha256Hex(html)}`];
  for (const [path, blob] of files) if (path !== 'index.html') lines.push(`${path} ${await sha256Hex(blob)}`);
  return sha256Hex(lines.sort().join('\n'));
}
