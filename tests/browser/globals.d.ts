// Pulls every capability's `window.iwr` augmentation into Node-side type checks
// (tests, CLI), so page.evaluate callbacks see the app's real API types.
import type {} from '../../src/api/parts.ts';
import type { IwrApi } from '../../src/api/index.ts';

declare global {
  interface Window {
    iwr: IwrApi;
  }
}
