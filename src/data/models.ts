// Typed helpers for the `models` store (model files such as the DINOv2 ONNX export, kept
// so a model is downloaded once) and the "dino" settings record (which model to use).
import { getDb, guardedWrite } from './db.ts';
import { modelIdForUrl, type DinoPrecision } from '../shared/dino-id.ts';

export interface StoredModel {
  /** The URL the file came from (or `file:<name>` for a local file). */
  id: string;
  bytes: Blob;
  sha256: string;
  size: number;
  savedAt: number;
}

function isStoredModel(v: unknown): v is StoredModel {
  const m = v as Partial<StoredModel> | undefined;
  return !!m && typeof m.id === 'string' && m.bytes instanceof Blob && typeof m.sha256 === 'string' && typeof m.size === 'number';
}

export async function getStoredModel(id: string): Promise<StoredModel | null> {
  const v: unknown = await (await getDb()).get('models', id);
  // A record that does not match (older shape, truncated blob) is treated as absent.
  if (!isStoredModel(v) || v.bytes.size !== v.size) return null;
  return v;
}

export async function putStoredModel(model: StoredModel): Promise<void> {
  await guardedWrite(`the model file ${model.id} (${(model.size / 1e6).toFixed(0)} MB)`, async () => {
    await (await getDb()).put('models', model);
  });
}

export async function deleteStoredModel(id: string): Promise<void> {
  await (await getDb()).delete('models', id);
}

export async function listStoredModels(): Promise<Array<Omit<StoredModel, 'bytes'>>> {
  const all = await (await getDb()).getAll('models');
  return all.filter(isStoredModel).map(({ bytes: _bytes, ...rest }) => rest);
}

/** Which DINO model the app uses: a hub URL (or any URL) and the name recorded with scores. */
export interface DinoSetting {
  url: string;
  modelId: string;
  precision: DinoPrecision;
}

/** The DINO model chosen in Settings (the `dino` settings section; see settings.ts). */
export async function getDinoSetting(): Promise<DinoSetting | null> {
  const v = (await (await getDb()).get('settings', 'dino')) as { modelUrl?: unknown; modelId?: unknown; precision?: unknown } | undefined;
  if (!v || typeof v.modelUrl !== 'string' || !v.modelUrl) return null;
  return {
    url: v.modelUrl,
    modelId: typeof v.modelId === 'string' && v.modelId ? v.modelId : modelIdForUrl(v.modelUrl),
    precision: v.precision === 'float16' ? 'float16' : 'float32',
  };
}
