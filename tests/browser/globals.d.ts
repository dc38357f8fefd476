import type { IwrApi } from '../../src/api/index.ts';

declare global {
  interface Window {
    iwr: IwrApi;
  }
}
