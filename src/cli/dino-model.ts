// `--dino-model PATH|URL`, shared by every CLI command that scores. A local file is served
// to the app over HTTP from its folder (the app then loads it through its ordinary URL path,
// without copying it into IndexedDB); a URL is handed over as is. The model id and sha256
// the app reports are what the command records with its DINO scores.
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { UsageError } from './command.ts';

export const DINO_MODEL_USAGE = '--dino-model PATH|URL   DINOv2 ONNX model (default: facebook/dinov2-base from the model hub; e.g. public/models/test-dinov2-tiny.onnx)';

const MOUNT = '/dino-model/';

export interface DinoModelArg {
  /** Extra mounts for openAppSession(). */
  mounts: Record<string, string>;
  /** URL to give the app, relative to it; null = the app's configured default. */
  url: string | null;
  /** Keep the download in the browser's IndexedDB (only worth it for remote URLs). */
  keep: boolean;
}

/** Parses the flag's value (undefined when the flag was not given). */
export function dinoModelArg(value: string | undefined): DinoModelArg {
  if (!value) return { mounts: {}, url: null, keep: true };
  if (/^https?:\/\//i.test(value)) return { mounts: {}, url: value, keep: true };
  const path = resolve(value);
  if (!existsSync(path) || !statSync(path).isFile()) throw new UsageError(`--dino-model: ${value} is not a file (give an .onnx file or an http(s) URL)`);
  return { mounts: { [MOUNT]: dirname(path) }, url: `${MOUNT.slice(1)}${encodeURIComponent(basename(path))}`, keep: false };
}

export interface DinoModelLoaded {
  modelId: string;
  sha256: string;
  source: string;
  backend: 'webgpu' | 'wasm';
  threads: number;
}

/**
 * Loads the model in the app page (call after openAppSession with `arg.mounts`). Without a
 * URL the app's default is used. Rejects with the app's message (e.g. offline and not cached):
 * the command must then leave DINO out of its scores, never substitute a number.
 */
export async function loadDinoModelInSession(page: Page, arg: DinoModelArg): Promise<DinoModelLoaded> {
  const res = await page.evaluate(async ({ url, keep }) => {
    try {
      if (url) await window.iwr.loadDinoModel({ url, keep });
      else await window.iwr.dinoEnsureModel();
      const cur = window.iwr.dinoBackend();
      if (!cur?.session) throw new Error('the DINO model did not start');
      return { ok: true as const, modelId: cur.model.modelId, sha256: cur.model.sha256, source: cur.model.source, backend: cur.session.backend, threads: cur.session.threads };
    } catch (e) {
      return { ok: false as const, message: `${(e as Error).name}: ${(e as Error).message}` };
    }
  }, { url: arg.url, keep: arg.keep });
  if (!res.ok) throw new Error(`DINO model: ${res.message}`);
  const { ok: _ok, ...info } = res;
  return info;
}
