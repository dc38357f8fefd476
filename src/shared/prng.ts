// A seeded replacement for Math.random (pure). sfc32: small, fast, passes PractRand to
// large sizes, and its 128-bit state avoids the short cycles of 32-bit generators; games
// such as 2048 only need the same sequence for the same (task, run seed).

/** 32-bit FNV-1a over a string: turns "task id|run seed" into a seed word. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Returns a function with Math.random's contract: a float in [0, 1). */
export function sfc32(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs of sfc32 still correlate with the seed; the authors discard 12.
  for (let i = 0; i < 12; i++) next();
  return next;
}
