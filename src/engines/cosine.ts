// DINO similarity as the official harness computes it: cosine of the two CLS embeddings,
// clipped to [0, 1] (IWR-SPEC "Scoring" 4). Pure.
export function cosineClipped(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length)
    throw new Error(`cosineClipped: embedding lengths differ (${a.length} vs ${b.length}); were they made by different models?`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  if (na === 0 || nb === 0) return 0;
  const c = dot / (Math.sqrt(na) * Math.sqrt(nb));
  return Math.min(1, Math.max(0, c));
}
