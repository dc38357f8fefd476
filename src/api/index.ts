// `window.iwr`: the app's entry points for the headless CLI and the browser tests.
// The CLI adds no logic of its own: it serves the built app, calls these, and writes files.
export interface IwrApi {
  ready: boolean;
  version: string;
}

declare global {
  interface Window {
    iwr: IwrApi;
  }
}

export function installApi(): IwrApi {
  const api: IwrApi = {
    ready: true,
    version: __APP_VERSION__,
  };
  window.iwr = api;
  return api;
}
