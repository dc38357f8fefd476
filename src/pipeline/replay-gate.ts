// One replay at a time per page. A replay owns the page's sandbox frame, its fit on the page
// and (input 'trusted') the real pointer; scoring runs in workers and needs none of these. So
// two evaluations may share a page as long as their replays take turns: `iwr batch` replays
// a task while the one before it is still being scored (issue 19: both cores busy).
let tail: Promise<void> = Promise.resolve();

/** Runs `f` once every replay that asked before it has ended (FIFO), whatever their outcome. */
export async function oneReplayAtATime<T>(f: () => Promise<T>): Promise<T> {
  const before = tail;
  let release!: () => void;
  tail = new Promise<void>((resolve) => {
    release = resolve;
  });
  try {
    await before;
    return await f();
  } finally {
    release();
  }
}
