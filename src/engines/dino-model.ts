// Where the DINOv2 model comes from: a URL (the model hub by default), downloaded once with
// progress and kept in IndexedDB (`models` store), or a local file. Every score records the
// model's id and sha256. With no cached copy and no network there is no substitute: the
// caller gets a DinoModelUnavailableError and must leave the DINO figure out.
import { sha256Hex } from '../data/bytes.ts';
import { getStoredModel, putStoredModel } from '../data/models.ts';
import { modelIdForUrl, type DinoPrecision } from '../shared/dino-id.ts';

/** The model file. */
export interface DinoModelFile {
  modelId: string;
  sha256: string;
  size: number;
  /** The URL it was loaded from, or `file:<name>`. */
  source: string;
}

/** What is recorded with every DINO score: the file and the precision it ran in. */
export interface DinoModelInfo extends DinoModelFile {
  precision: DinoPrecision;
}

export interface ResolvedModel extends DinoModelFile {
  bytes: Blob;
}

export interface DownloadProgress {
  loaded: number;
  /** 0 when the server did not say. */
  total: number;
}

export class DinoModelUnavailableError extends Error {
  override name = 'DinoModelUnavailableError';
}

async function download(url: string, signal: AbortSignal | undefined, onProgress?: (p: DownloadProgress) => void): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(url, signal ? { signal } : {});
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new DinoModelUnavailableError(
      `The DINO model is not in this browser's cache and ${url} could not be reached (${String(err)}). ` +
        'Connect to the network once to download it, or load a local ONNX file (app: Settings > DINO model; CLI: --dino-model PATH). ' +
        'No DINO similarity is computed until then.',
      { cause: err },
    );
  }
  if (!res.ok || !res.body) {
    throw new DinoModelUnavailableError(
      `Downloading the DINO model from ${url} failed: HTTP ${res.status} ${res.statusText}. No DINO similarity is computed until a model is loaded.`,
    );
  }
  const total = Number(res.headers.get('content-length') ?? 0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress?.({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress?.({ loaded, total });
  }
  if (total && loaded !== total)
    throw new DinoModelUnavailableError(`The DINO model download from ${url} stopped at ${loaded} of ${total} bytes.`);
  return new Blob(chunks as BlobPart[], { type: 'application/octet-stream' });
}

/** The model at `url`: from the `models` store when kept, else downloaded once and kept. */
export async function resolveModelUrl(
  url: string,
  opts: { modelId?: string; signal?: AbortSignal; onProgress?: (p: DownloadProgress) => void; keep?: boolean } = {},
): Promise<ResolvedModel & { fromCache: boolean }> {
  const absolute = new URL(url, typeof document !== 'undefined' ? document.baseURI : undefined).href;
  const modelId = opts.modelId ?? modelIdForUrl(absolute);
  // keep: false is for files that are already local (the CLI's --dino-model PATH, served
  // on a per-run port): copying them into IndexedDB would only duplicate them.
  const keep = opts.keep ?? true;
  const kept = keep ? await getStoredModel(absolute) : null;
  if (kept) return { modelId, sha256: kept.sha256, size: kept.size, source: absolute, bytes: kept.bytes, fromCache: true };
  const bytes = await download(absolute, opts.signal, opts.onProgress);
  const sha256 = await sha256Hex(bytes);
  if (keep) await putStoredModel({ id: absolute, bytes, sha256, size: bytes.size, savedAt: Date.now() });
  return { modelId, sha256, size: bytes.size, source: absolute, bytes, fromCache: false };
}

/** A model from a local file or bytes (not kept: the file is the user's copy). */
export async function resolveModelBytes(bytes: Blob | ArrayBuffer | Uint8Array, name: string, modelId?: string): Promise<ResolvedModel> {
  const blob = bytes instanceof Blob ? bytes : new Blob([bytes as BlobPart]);
  return {
    modelId: modelId ?? name.replace(/\.onnx$/i, ''),
    sha256: await sha256Hex(blob),
    size: blob.size,
    source: `file:${name}`,
    bytes: blob,
  };
}
