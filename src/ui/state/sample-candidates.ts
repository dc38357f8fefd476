// The embedded suite's candidates (public/samples/results/<task>/<model>/index.html): they
// power the demo leaderboard (runs are grouped by candidate name across tasks), and the task
// page tests checks on them (the reference must pass, the broken one should not).
export const SAMPLE_MODELS = ['reference', 'partial', 'static-lookalike', 'broken'] as const;

export async function loadSampleCandidate(taskId: string, model: string): Promise<string> {
  const url = new URL(`samples/results/${encodeURIComponent(taskId)}/${encodeURIComponent(model)}/index.html`, document.baseURI).href;
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url} answered HTTP ${r.status}: this task has no "${model}" sample candidate.`);
  return r.text();
}
