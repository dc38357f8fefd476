// CI's guard for the embedded sample suite: public/samples/ must be what `npm run samples`
// makes from samples-src/ and scripts/samples/ as committed.
import { describe, expect, it } from 'vitest';
import { checkSamples, readManifest } from '../../scripts/samples/manifest.mjs';

describe('the sample suite is up to date', () => {
  it('every task in samples-src/ matches public/samples/manifest.json (else run `npm run samples`)', () => {
    const { problems } = checkSamples();
    expect(problems).toEqual([]);
  });

  it('every task was replayed: checkpoints and video come from our replay', () => {
    expect(checkSamples().warnings).toEqual([]);
  });

  it('names the task whose sources changed', () => {
    const manifest = readManifest();
    expect(manifest).not.toBeNull();
    if (!manifest) return;
    const victim = manifest.tasks[2];
    expect(victim).toBeDefined();
    if (!victim) return;
    const altered = { ...manifest, tasks: manifest.tasks.map((t) => (t === victim ? { ...t, sources: '0'.repeat(64) } : t)) };
    const { problems } = checkSamples(altered);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`task ${victim.id} (samples-src/${victim.id}-${victim.slug})`);
    expect(problems[0]).toContain('npm run samples');
  });

  it('notices a changed generator and a task that was never generated', () => {
    const manifest = readManifest();
    if (!manifest) throw new Error('public/samples/manifest.json is missing');
    const [first, ...rest] = manifest.tasks;
    const { problems } = checkSamples({ generator: 'x', tasks: rest });
    expect(problems.some((p) => p.startsWith('scripts/samples/ changed'))).toBe(true);
    expect(problems.some((p) => p.includes(`task ${first?.id} `) && p.includes('never been generated'))).toBe(true);
  });
});
