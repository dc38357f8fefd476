// `iwr batch`, `merge`, `report` and `verify` end to end on the sample suite: the real CLI
// process, the built app in headless Chromium. One uninterrupted batch is the reference that
// the interrupted, resumed, sharded and merged runs must reproduce byte for byte.
import { beforeAll, describe, expect, test } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserMains, processTree } from '../../src/cli/batch/proc.ts';
import { DINO, evalJsons, exited, exitedWithin, iwr, scratchResults, spawnIwr, waitFor } from './cli-support.ts';

// Three small tasks (640x400 and two 1280x720) keep the CI time reasonable.
const TASKS = ['1', '4', '7'];
// The reference run fills a score cache (--ref-cache) that the resumed, sharded and verified
// runs read: they replay every step again and find each screenshot's OCR and DINO by content,
// so their eval.json must still equal the reference run's byte for byte.
const CACHE = mkdtempSync(join(tmpdir(), 'iwr-batch-cache-'));
const COMMON = ['--data', 'samples', '--model', 'reference', '--dino-model', DINO];
const CACHED = [...COMMON, '--ref-cache', CACHE];

let full = '';

interface BatchSummary {
  overlap: boolean;
  threads: number;
  outcomes: { task: string; startedMs: number; ms: number }[];
}

beforeAll(async () => {
  full = scratchResults(['reference'], TASKS);
  const r = await iwr(['batch', ...CACHED, '--results', full, '--tasks', TASKS.join(','), '--concurrency', '2']);
  console.log(r.stderr);
  expect(r.code, r.stderr).toBe(0);
}, 900_000);

describe('iwr batch', () => {
  test('an uninterrupted batch writes eval.json, evalpoints/ and the report for every task', () => {
    for (const t of TASKS) {
      const dir = join(full, t, 'reference');
      const rec = JSON.parse(readFileSync(join(dir, 'eval.json'), 'utf8')) as {
        success_step: number;
        total_step: number;
        screenshot_paths_to_eval: string[];
      };
      expect(rec.success_step, `task ${t}`).toBe(rec.total_step);
      for (const p of rec.screenshot_paths_to_eval) {
        expect(p.startsWith(`${t}/reference/evalpoints/`)).toBe(true);
        expect(existsSync(join(dir, 'evalpoints', p.split('/').at(-1) as string))).toBe(true);
      }
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    }
    const md = readFileSync(join(full, 'reports', 'reference_metrics.md'), 'utf8');
    expect(
      md
        .split('\n')
        .filter((l) => /^\| (\d+|avg) \|/.test(l))
        .map((l) => l.split('|')[1]?.trim()),
    ).toEqual([...TASKS, 'avg']);
    const summary = JSON.parse(readFileSync(join(full, 'reports', 'reference_batch.json'), 'utf8')) as {
      outcomes: { task: string; status: string; timings: Record<string, number> }[];
    };
    expect(summary.outcomes.map((o) => [o.task, o.status])).toEqual(TASKS.map((t) => [t, 'done']));
    expect(summary.outcomes.every((o) => (o.timings.replay ?? 0) > 0 && (o.timings.ocr ?? 0) > 0)).toBe(true);
  });

  test('SIGKILL in the middle loses at most the task in progress; --resume completes it identically', async () => {
    const dir = scratchResults(['reference'], TASKS);
    const child = spawnIwr(['batch', ...CACHED, '--results', dir, '--tasks', TASKS.join(','), '--concurrency', '1']);
    const finished = () => TASKS.filter((t) => existsSync(join(dir, t, 'reference', 'eval.json')));
    await waitFor(() => finished().length > 0 || child.exitCode !== null, 'the first eval.json');
    expect(child.exitCode, child.out.stderr).toBe(null);
    const tree = processTree(child.pid as number);
    child.kill('SIGKILL');
    await exited(child);
    // The browser was the batch's own child: end what is left of it, by pid.
    for (const p of tree)
      if (p.pid !== child.pid)
        try {
          process.kill(p.pid, 'SIGKILL');
        } catch {
          /* gone */
        }
    const kept = finished();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(TASKS.length);
    const keptMtime = statSync(join(dir, kept[0] as string, 'reference', 'eval.json')).mtimeMs;

    const r = await iwr(['batch', ...CACHED, '--results', dir, '--tasks', TASKS.join(','), '--resume']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${kept.length} already complete (--resume): ${kept.join(',')}`);
    expect(statSync(join(dir, kept[0] as string, 'reference', 'eval.json')).mtimeMs).toBe(keptMtime);
    expect(evalJsons(dir, 'reference')).toEqual(evalJsons(full, 'reference'));
    expect(readFileSync(join(dir, 'reports', 'reference_metrics.md'), 'utf8')).toBe(
      readFileSync(join(full, 'reports', 'reference_metrics.md'), 'utf8'),
    );
  }, 900_000);

  test('--shard 1/2 and 2/2 in separate trees, then merge, equal the full run', async () => {
    const a = scratchResults(['reference'], TASKS);
    const b = scratchResults(['reference'], TASKS);
    const merged = mkdtempSync(join(tmpdir(), 'iwr-merged-'));
    // The two shards run at once, as on separate machines (each process has its own browser; the
    // score cache they share is written through a temporary file and a rename, and the
    // reference run has already filled it).
    const [ra, rb] = await Promise.all([
      iwr(['batch', ...CACHED, '--results', a, '--tasks', TASKS.join(','), '--shard', '1/2']),
      iwr(['batch', ...CACHED, '--results', b, '--tasks', TASKS.join(','), '--shard', '2/2']),
    ]);
    expect(ra.code, ra.stderr).toBe(0);
    expect(rb.code, rb.stderr).toBe(0);
    // Round robin over the sorted list: positions 0, 2 and 1.
    expect(Object.keys(evalJsons(a, 'reference')).sort()).toEqual(['1', '7']);
    expect(Object.keys(evalJsons(b, 'reference'))).toEqual(['4']);
    // One page, overlap on (the default): task 7 was replayed while task 1 was being scored.
    const shard1 = JSON.parse(readFileSync(join(a, 'reports', 'reference_batch.shard1of2.json'), 'utf8')) as BatchSummary;
    expect(shard1.overlap).toBe(true);
    const [o1, o7] = shard1.outcomes;
    expect([o1?.task, o7?.task]).toEqual(['1', '7']);
    expect((o7?.startedMs ?? Infinity) < (o1?.startedMs ?? 0) + (o1?.ms ?? 0)).toBe(true);

    const m = await iwr(['merge', '--results', merged, '--model', 'reference', '--from', `${a},${b}`]);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stdout).toContain('merge: 3 tasks from 2 trees');
    expect(evalJsons(merged, 'reference')).toEqual(evalJsons(full, 'reference'));
    for (const t of TASKS)
      expect(readdirSync(join(merged, t, 'reference', 'evalpoints')).sort()).toEqual(
        readdirSync(join(full, t, 'reference', 'evalpoints')).sort(),
      );
    expect(readFileSync(join(merged, 'reports', 'reference_metrics.md'), 'utf8')).toBe(
      readFileSync(join(full, 'reports', 'reference_metrics.md'), 'utf8'),
    );
    const joined = JSON.parse(readFileSync(join(merged, 'reports', 'reference_batch.json'), 'utf8')) as {
      shards: string[];
      outcomes: { task: string }[];
    };
    expect(joined.shards).toEqual(['1/2', '2/2']);
    expect(joined.outcomes.map((o) => o.task)).toEqual(TASKS);

    // `iwr report` on the merged tree reproduces the same table.
    const rep = await iwr(['report', '--results', merged, '--model', 'reference']);
    expect(rep.code, rep.stderr).toBe(0);
    expect(readFileSync(join(merged, 'reports', 'reference_metrics.md'), 'utf8')).toBe(
      readFileSync(join(full, 'reports', 'reference_metrics.md'), 'utf8'),
    );

    // A shard that disagrees with another is a conflict, and nothing is written.
    const c = scratchResults(['reference'], ['1']);
    cpSync(join(a, '1'), join(c, '1'), { recursive: true });
    const ev = join(c, '1', 'reference', 'eval.json');
    writeFileSync(ev, readFileSync(ev, 'utf8').replace('"success_step": 3', '"success_step": 2'));
    const bad = await iwr([
      'merge',
      '--results',
      mkdtempSync(join(tmpdir(), 'iwr-merged-')),
      '--model',
      'reference',
      '--from',
      `${a},${c}`,
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`task 1: ${a} and ${c} hold different eval.json`);
  }, 900_000);

  test('--no-overlap, with no score cache and another thread count, scores task after task and writes the same eval.json', async () => {
    const dir = scratchResults(['reference'], TASKS);
    // The reference run gave each of its two pages its share of the cores; this one another count.
    const fullSummary = JSON.parse(readFileSync(join(full, 'reports', 'reference_batch.json'), 'utf8')) as BatchSummary;
    expect(fullSummary.threads).toBe(Math.min(4, Math.max(1, Math.floor(availableParallelism() / 2))));
    const threads = fullSummary.threads === 1 ? 2 : 1;
    const r = await iwr(['batch', ...COMMON, '--results', dir, '--tasks', TASKS.join(','), '--no-overlap', '--threads', String(threads)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`concurrency 1, ${threads} scoring thread${threads === 1 ? '' : 's'} per page, no overlap`);
    expect(evalJsons(dir, 'reference')).toEqual(evalJsons(full, 'reference'));
    const summary = JSON.parse(readFileSync(join(dir, 'reports', 'reference_batch.json'), 'utf8')) as BatchSummary;
    expect(summary.overlap).toBe(false);
    expect(summary.threads).toBe(threads);
    for (const [prev, next] of summary.outcomes.slice(1).map((o, i) => [summary.outcomes[i], o] as const))
      expect(next.startedMs, `task ${next.task}`).toBeGreaterThanOrEqual((prev?.startedMs ?? 0) + (prev?.ms ?? 0));
  }, 900_000);

  test('a killed browser is relaunched and the batch continues; a missing index.html is a listed failure', async () => {
    const dir = scratchResults(['partial'], ['4']);
    const child = spawnIwr(['batch', '--data', 'samples', '--model', 'partial', '--dino-model', DINO, '--results', dir, '--tasks', '1,4']);
    await waitFor(() => child.out.stderr.includes('task 4: started') || child.exitCode !== null, 'task 4 to start');
    await waitFor(() => browserMains(child.pid as number).length > 0, 'the browser process');
    await new Promise((r) => setTimeout(r, 3000)); // into the evaluation
    const [main] = browserMains(child.pid as number);
    expect(main).toBeDefined();
    process.kill((main as { pid: number }).pid, 'SIGKILL');
    const code = await exitedWithin(child, 600_000);
    const { stdout, stderr } = child.out;
    expect(stderr).toMatch(/the browser is gone; relaunching it \(restart 1\)/);
    expect(stdout).toContain('browser relaunched 1x');
    expect(existsSync(join(dir, '4', 'partial', 'eval.json'))).toBe(true);
    const missing = join(dir, '1', 'partial', 'index.html');
    expect(stderr).toContain(`failed: task 1, ${missing}: no index.html at ${missing}`);
    expect(stdout).toContain('2 tasks: 1 done, 1 failed');
    expect(code).toBe(1);
  }, 900_000);

  test('bad arguments or data exit 2 with one line', async () => {
    const dir = scratchResults(['reference'], ['1']);
    const cases: [string[], string][] = [
      [['batch', '--data', 'samples', '--model', 'reference'], 'iwr batch: --results DIR is required'],
      [
        ['batch', '--data', 'samples', '--model', 'reference', '--results', dir, '--shard', '3/2'],
        'iwr batch: --shard 3/2: expected I/N with 1 <= I <= N, e.g. 1/4',
      ],
      [
        ['batch', '--data', 'samples', '--model', 'reference', '--results', dir, '--tasks', '1,99'],
        'iwr batch: --tasks: 99 not in the dataset',
      ],
      [
        ['batch', '--data', 'samples', '--model', 'reference', '--results', dir, '--concurrency', '0'],
        'iwr batch: --concurrency 0: expected an integer 1..16',
      ],
      [
        ['batch', '--data', 'samples', '--model', 'reference', '--results', dir, '--threads', '1.5'],
        'iwr batch: --threads 1.5: expected an integer 1..4',
      ],
      [['batch', '--data', '/no/such/dir', '--model', 'reference', '--results', dir], 'iwr batch: --data /no/such/dir: no such folder'],
      [['merge', '--results', dir, '--model', 'reference', '--from', '/no/such/dir'], 'iwr merge: --from /no/such/dir: no such folder'],
    ];
    // Each refusal is its own process that exits before a browser starts: all at once.
    const ran = await Promise.all(cases.map(([args]) => iwr(args)));
    cases.forEach(([args, msg], i) => {
      const r = ran[i]!;
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(msg);
    });
  });
});

describe('iwr verify', () => {
  test('a published bundle: untouched tasks agree; an edited score and a shorter success_step are found with their causes', async () => {
    const bundle = mkdtempSync(join(tmpdir(), 'iwr-bundle-'));
    cpSync(full, bundle, { recursive: true });
    // Task 4: one DINO score edited (its dino_score field left as it was).
    const f4 = join(bundle, '4', 'reference', 'eval.json');
    const r4 = JSON.parse(readFileSync(f4, 'utf8')) as { all_dino_scores: number[] };
    r4.all_dino_scores[1] = 0.25;
    writeFileSync(f4, JSON.stringify(r4, null, 2));
    // Task 7: the published run stopped two steps early.
    const f12 = join(bundle, '7', 'reference', 'eval.json');
    const r12 = JSON.parse(readFileSync(f12, 'utf8')) as { success_step: number };
    const stopped = r12.success_step - 2;
    r12.success_step = stopped;
    writeFileSync(f12, JSON.stringify(r12, null, 2));

    const r = await iwr([
      'verify',
      '--data',
      'samples',
      '--results',
      bundle,
      '--model',
      'reference',
      '--dino-model',
      DINO,
      '--ref-cache',
      CACHE,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(readFileSync(join(bundle, 'verify', 'reference.json'), 'utf8')) as {
      tasks: {
        task: string;
        findings: { what: string; published: unknown; recomputed: unknown; cause: string }[];
        replay: { success_step: number } | null;
        rescored: unknown;
        error: string | null;
      }[];
    };
    const by = new Map(out.tasks.map((t) => [t.task, t]));
    console.log(readFileSync(join(bundle, 'verify', 'reference.md'), 'utf8'));
    expect(by.get('1')?.findings).toEqual([]);
    expect(by.get('1')?.error).toBe(null);

    const f = by.get('4')?.findings ?? [];
    expect(f.map((x) => x.what)).toEqual(
      expect.arrayContaining(['dino_score (mean of all_dino_scores)', 'report dino_score', 'checkpoint 1 DINO (evalpoints/1.png)']),
    );
    expect(f.find((x) => x.what.startsWith('checkpoint 1 DINO'))?.cause).toMatch(
      /^same DINO model \(test-dinov2-tiny\) on the same file, different score/,
    );
    expect(f.find((x) => x.what.startsWith('checkpoint 1 DINO'))?.published).toBe(0.25);

    const g = by.get('7');
    expect(g?.replay?.success_step).toBe(stopped + 2);
    const ss = g?.findings.find((x) => x.what === 'success_step');
    expect(ss?.published).toBe(stopped);
    expect(ss?.cause).toMatch(new RegExp(`^driver disagreement at step ${stopped}: the published run stopped there`));
    expect(g?.findings.map((x) => x.what)).toContain('report IFS');
    const md = readFileSync(join(bundle, 'verify', 'reference.md'), 'utf8');
    expect(md).toContain(`- success_step: published ${stopped}, recomputed ${stopped + 2}. Cause: driver disagreement at step ${stopped}`);
  }, 900_000);
});
