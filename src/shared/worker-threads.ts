// The scoring workers' thread count, shared by the app (src/engines/threads.ts) and the CLI
// (iwr batch --threads), which must agree on the bounds and the default.

/** More WASM threads than this gained nothing measurable for DINO, and the OCR pool stays small. */
export const MAX_WORKER_THREADS = 4;

/** One page's share of the cores when `pages` pages score at once: at least 1, at most the maximum. */
export function shareOfCores(cores: number, pages = 1): number {
  return Math.min(MAX_WORKER_THREADS, Math.max(1, Math.floor(cores / pages)));
}
