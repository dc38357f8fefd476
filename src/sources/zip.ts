// Reads a zip's central directory straight from a Blob and inflates single entries on
// demand, so a dataset zip is never unpacked as a whole. The zip-bomb limits are checked
// from the directory (declared sizes and entry count) before any byte is inflated, and each
// entry is inflated into a buffer of its declared size, so a lying header cannot make it grow.
import { inflateSync } from 'fflate';
import { ZipBombError, SourceError, formatBytes } from './errors.ts';

/** Issue 2: refuse more than 4 GiB unpacked or more than 100k entries. */
export const ZIP_MAX_UNPACKED = 4 * 1024 ** 3;
export const ZIP_MAX_ENTRIES = 100_000;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  /** Sum of declared unpacked sizes. */
  unpacked: number;
}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

async function bytesAt(blob: Blob, start: number, length: number): Promise<DataView> {
  const buf = await blob.slice(start, start + length).arrayBuffer();
  return new DataView(buf);
}

const u64 = (v: DataView, at: number): number => Number(v.getBigUint64(at, true));

function bomb(label: string, why: string): ZipBombError {
  return new ZipBombError(
    `${label} was refused: ${why}. Zips over ${formatBytes(ZIP_MAX_UNPACKED)} unpacked or with more than ${ZIP_MAX_ENTRIES.toLocaleString('en')} entries are treated as zip bombs; unpack it and add the folder instead.`,
  );
}

/** Reads and checks the central directory. `label` names the zip in messages. */
export async function readZipDirectory(blob: Blob, label: string): Promise<ZipDirectory> {
  const tailLength = Math.min(blob.size, 22 + 0xffff);
  const tailStart = blob.size - tailLength;
  const tail = await bytesAt(blob, tailStart, tailLength);
  let eocd = -1;
  for (let i = tailLength - 22; i >= 0; i--) {
    if (tail.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new SourceError(`${label} is not a zip file (no end-of-central-directory record)`);
  let count = tail.getUint16(eocd + 10, true);
  let cdSize = tail.getUint32(eocd + 12, true);
  let cdOffset = tail.getUint32(eocd + 16, true);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const loc = eocd - 20;
    if (loc >= 0 && tail.getUint32(loc, true) === EOCD64_LOCATOR) {
      const at = u64(tail, loc + 8);
      const z = await bytesAt(blob, at, 56);
      if (z.getUint32(0, true) !== EOCD64) throw new SourceError(`${label}: broken zip64 directory record`);
      count = u64(z, 32);
      cdSize = u64(z, 40);
      cdOffset = u64(z, 48);
    }
  }
  if (count > ZIP_MAX_ENTRIES) throw bomb(label, `it declares ${count.toLocaleString('en')} entries`);
  if (cdOffset + cdSize > blob.size) throw new SourceError(`${label} is truncated or not a zip file (its directory points past the end)`);
  const cd = await bytesAt(blob, cdOffset, cdSize);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let unpacked = 0;
  let p = 0;
  while (p + 46 <= cd.byteLength && cd.getUint32(p, true) === CENTRAL) {
    const flags = cd.getUint16(p + 8, true);
    const method = cd.getUint16(p + 10, true);
    let compressedSize = cd.getUint32(p + 20, true);
    let size = cd.getUint32(p + 24, true);
    const nameLen = cd.getUint16(p + 28, true);
    const extraLen = cd.getUint16(p + 30, true);
    const commentLen = cd.getUint16(p + 32, true);
    let localOffset = cd.getUint32(p + 42, true);
    const name = decoder.decode(new Uint8Array(cd.buffer, cd.byteOffset + p + 46, nameLen));
    // Zip64 extra field: the 64-bit values appear in this order, only for fields saturated above.
    let e = p + 46 + nameLen;
    const extraEnd = e + extraLen;
    while (e + 4 <= extraEnd) {
      const id = cd.getUint16(e, true);
      const len = cd.getUint16(e + 2, true);
      if (id === 0x0001) {
        let q = e + 4;
        if (size === 0xffffffff) {
          size = u64(cd, q);
          q += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(cd, q);
          q += 8;
        }
        if (localOffset === 0xffffffff) {
          localOffset = u64(cd, q);
        }
      }
      e += 4 + len;
    }
    entries.push({ name, method, flags, compressedSize, size, localOffset });
    unpacked += size;
    if (entries.length > ZIP_MAX_ENTRIES) throw bomb(label, `it holds more than ${ZIP_MAX_ENTRIES.toLocaleString('en')} entries`);
    if (unpacked > ZIP_MAX_UNPACKED) throw bomb(label, `its entries declare more than ${formatBytes(ZIP_MAX_UNPACKED)} unpacked`);
    p = extraEnd + commentLen;
  }
  return { entries, unpacked };
}

/** Reads one entry's bytes. */
export async function readZipEntry(blob: Blob, entry: ZipEntry, label: string): Promise<Blob> {
  const where = `${label}: ${entry.name}`;
  if (entry.flags & 1) throw new SourceError(`${where} is encrypted; encrypted zips are not supported`);
  const head = await bytesAt(blob, entry.localOffset, 30);
  if (head.byteLength < 30 || head.getUint32(0, true) !== LOCAL) throw new SourceError(`${where}: broken local header`);
  const start = entry.localOffset + 30 + head.getUint16(26, true) + head.getUint16(28, true);
  const data = blob.slice(start, start + entry.compressedSize);
  if (entry.method === 0) return data;
  if (entry.method !== 8) throw new SourceError(`${where} uses compression method ${entry.method}; only stored and deflate are supported`);
  try {
    const out = inflateSync(new Uint8Array(await data.arrayBuffer()), { out: new Uint8Array(entry.size) });
    return new Blob([out]);
  } catch (err) {
    throw new SourceError(`${where} cannot be inflated (${err instanceof Error ? err.message : String(err)})`);
  }
}
