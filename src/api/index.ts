// `window.iwr`: the app's entry points for the headless CLI and the browser tests.
// The CLI adds no logic of its own: it serves the built app, calls these, and writes files.
// Each capability contributes its functions from its own file in this folder; this file
// only merges them.

export interface IwrApiBase {
  ready: boolean;
  version: string;
}

// Capability files extend this interface with `declare module` augmentation, e.g.
//   declare module './index.ts' { interface IwrApi { validateUrl(...): ... } }
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface IwrApi extends IwrApiBase {}

declare global {
  interface Window {
    iwr: IwrApi;
  }
}

type ApiPart = Partial<IwrApi>;
const parts: ApiPart[] = [];

/** Called at module load by each capability file (imported below). */
export function registerApi(part: ApiPart): void {
  parts.push(part);
}

export function installApi(): IwrApi {
  const api = Object.assign({ ready: false, version: __APP_VERSION__ }, ...parts) as IwrApi;
  window.iwr = api;
  api.ready = true;
  return api;
}
