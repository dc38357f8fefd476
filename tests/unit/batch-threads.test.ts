// `iwr batch --threads`: each page's share of the cores (src/engines/threads.ts says why).
import { describe, expect, it } from 'vitest';
import { threadsArg } from '../../src/cli/commands/batch.ts';

describe('iwr batch --threads', () => {
  it('by default divides the cores among the pages, at least one and at most four each', () => {
    expect(threadsArg(undefined, 1, 2)).toBe(2);
    expect(threadsArg(undefined, 2, 2)).toBe(1);
    expect(threadsArg(undefined, 3, 2)).toBe(1);
    expect(threadsArg(undefined, 2, 8)).toBe(4);
    expect(threadsArg(undefined, 1, 16)).toBe(4);
    expect(threadsArg(undefined, 3, 8)).toBe(2);
  });

  it('takes a count given, whatever the cores', () => {
    expect(threadsArg('3', 2, 2)).toBe(3);
    expect(threadsArg('1', 1, 8)).toBe(1);
  });

  it('refuses anything but an integer 1..4', () => {
    for (const bad of ['0', '5', '1.5', '-1', 'two', ''])
      expect(() => threadsArg(bad, 1, 2), bad).toThrow(`--threads ${bad}: expected an integer 1..4`);
  });
});
