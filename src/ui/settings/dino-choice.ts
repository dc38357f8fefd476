// The DINO model choices offered in Settings, as values of the `dino` settings section
// (what engines/dino-bridge.ts ensureDino() reads). The test model is stored relative so it
// follows the app wherever it is hosted.
import { DEFAULT_DINO_URL, type DinoSettings } from '../../data/settings.ts';
import { putStoredModel } from '../../data/models.ts';
import { sha256Hex } from '../../data/bytes.ts';

export const TEST_MODEL_PATH = 'models/test-dinov2-tiny.onnx';
export const TEST_MODEL_ID = 'test-dinov2-tiny';
export const TEST_MODEL_SETTING: DinoSettings = { modelUrl: TEST_MODEL_PATH, modelId: TEST_MODEL_ID };
export const HUB_SETTING: DinoSettings = { modelUrl: DEFAULT_DINO_URL };

export type DinoChoice = 'hub' | 'test' | 'url' | 'file';

export function choiceOf(d: DinoSettings): DinoChoice {
  if (d.modelUrl === DEFAULT_DINO_URL) return 'hub';
  if (d.modelUrl === TEST_MODEL_PATH || d.modelUrl.endsWith(`/${TEST_MODEL_PATH}`)) return 'test';
  if (d.modelUrl.startsWith('file:')) return 'file';
  return 'url';
}

/** The settings value naming a local file kept in the models store (see DinoPanel). */
export function fileSetting(name: string): DinoSettings {
  return { modelUrl: new URL(`file:${encodeURIComponent(name)}`).href, modelId: name.replace(/\.onnx$/i, '') };
}

/** Keeps a local model file in the models store under its setting's file: URL, so a reload finds it again. */
export async function keepLocalModel(file: File): Promise<DinoSettings> {
  const setting = fileSetting(file.name);
  await putStoredModel({ id: setting.modelUrl, bytes: file, sha256: await sha256Hex(file), size: file.size, savedAt: Date.now() });
  return setting;
}
