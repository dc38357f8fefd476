// How many threads this page's scoring workers use: the DINO worker's WASM threads and the
// number of engines in the OCR pool. By default all the cores (at most 4). `iwr batch` runs K
// pages in one browser and gives each its share (cores / K): two pages that each ask for
// every core oversubscribe the machine, and onnxruntime's threads spin-wait at every barrier,
// so one descheduled thread stalls the others (issue 19: concurrency 2 ran slower than 1 that
// way). The count changes no score: each embedding and OCR text is the same at any count.
import { MAX_WORKER_THREADS, shareOfCores } from '../shared/worker-threads.ts';

let chosen: number | null = null;

/** The cores this page may use: its own choice (setWorkerThreads), else every core up to 4. */
export function workerThreads(): number {
  if (chosen !== null) return chosen;
  return shareOfCores(typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 1 : 1);
}

/** Sets the count for workers started from now on; null goes back to the default. */
export function chooseWorkerThreads(n: number | null): void {
  if (n !== null && (!Number.isInteger(n) || n < 1 || n > MAX_WORKER_THREADS))
    throw new RangeError(`worker threads: expected an integer 1..${MAX_WORKER_THREADS}, got ${String(n)}`);
  chosen = n;
}
