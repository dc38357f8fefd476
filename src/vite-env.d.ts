/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />
declare const __APP_VERSION__: string;
