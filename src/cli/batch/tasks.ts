// Which tasks a batch runs: the dataset's ids, narrowed by --tasks, then by --shard.
import { compareTaskIds } from '../../scoring/report.ts';
import { UsageError } from '../command.ts';

/** `--tasks 1,5,9` (ranges allowed: `1-4,9`); every id must be in the dataset. */
export function pickTasks(all: readonly string[], spec: string | undefined): string[] {
  const sorted = [...all].sort(compareTaskIds);
  if (spec === undefined) return sorted;
  const wanted = new Set<string>();
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const range = /^(\d+)-(\d+)$/.exec(part);
    if (range) {
      const [a, b] = [Number(range[1]), Number(range[2])];
      if (a > b) throw new UsageError(`--tasks ${spec}: range ${part} is reversed`);
      for (let i = a; i <= b; i++) wanted.add(String(i));
    } else wanted.add(part);
  }
  if (!wanted.size) throw new UsageError(`--tasks ${spec}: no task ids`);
  const missing = [...wanted].filter((id) => !all.includes(id));
  if (missing.length) throw new UsageError(`--tasks: ${missing.join(', ')} not in the dataset (it has ${all.length} tasks)`);
  return sorted.filter((id) => wanted.has(id));
}

export interface Shard {
  index: number;
  count: number;
}

/** `--shard I/N`, 1 <= I <= N. */
export function parseShard(spec: string | undefined): Shard | null {
  if (spec === undefined) return null;
  const m = /^(\d+)\/(\d+)$/.exec(spec.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) throw new UsageError(`--shard ${spec}: expected I/N with 1 <= I <= N, e.g. 1/4`);
  return { index, count };
}

/**
 * Shard I of N takes the tasks at positions I-1, I-1+N, I-1+2N, ... of the numerically sorted
 * list. Round robin rather than contiguous blocks: task ids loosely follow dataset order, and
 * interleaving spreads long and short tasks over the shards. Same list + same N -> same split on
 * every machine, and the N shards cover the list exactly once.
 */
export function shardTasks(sorted: readonly string[], shard: Shard | null): string[] {
  if (!shard) return [...sorted];
  return sorted.filter((_, i) => i % shard.count === shard.index - 1);
}
