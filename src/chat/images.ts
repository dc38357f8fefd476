// Images arrive as Blobs, object/data/http URLs; judges need their bytes (for hashes) and a
// data: URL (for the request body). Nothing here leaves the browser.
import { bytesToBase64, sha256Hex } from '../data/bytes.ts';

export type ImageInput = Blob | string;

export async function imageBlob(input: ImageInput): Promise<Blob> {
  if (input instanceof Blob) return input;
  const res = await fetch(input);
  if (!res.ok) throw new Error(`Could not read the image ${input.startsWith('data:') ? '(data: URL)' : input}: HTTP ${res.status}`);
  return res.blob();
}

/** MIME type from the first bytes (servers and Blobs do not always say). */
export async function sniffImageType(blob: Blob): Promise<string> {
  const b = new Uint8Array(await blob.slice(0, 12).arrayBuffer());
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8) return 'image/jpeg';
  if (b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45) return 'image/webp';
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return 'image/gif';
  return blob.type || 'image/png';
}

export async function blobDataUrl(blob: Blob): Promise<string> {
  const type = await sniffImageType(blob);
  return `data:${type};base64,${bytesToBase64(new Uint8Array(await blob.arrayBuffer()))}`;
}

export async function blobSha256(blob: Blob): Promise<string> {
  return sha256Hex(blob);
}
