// The page's replay gate: evaluations sharing a page replay one after another, in the order
// they asked, and a replay that fails still lets the next one through.
import { describe, expect, test } from 'vitest';
import { oneReplayAtATime } from '../../src/pipeline/replay-gate.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('oneReplayAtATime', () => {
  test('replays take turns in the order they asked, and never overlap', async () => {
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const replay = (name: string, ms: number) =>
      oneReplayAtATime(async () => {
        running++;
        most = Math.max(most, running);
        log.push(`${name}+`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`${name}-`);
        running--;
        return name;
      });
    const results = await Promise.all([replay('a', 30), replay('b', 5), replay('c', 10)]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a+', 'a-', 'b+', 'b-', 'c+', 'c-']);
    expect(most).toBe(1);
  });

  test('a failed replay passes its error on and frees the page for the next', async () => {
    const failing = oneReplayAtATime(async () => {
      await tick();
      throw new Error('the candidate page did not load');
    });
    const next = oneReplayAtATime(async () => 'next ran');
    await expect(failing).rejects.toThrow('the candidate page did not load');
    await expect(next).resolves.toBe('next ran');
  });
});
