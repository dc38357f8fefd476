// --ref-cache DIR: a second CLI run (another results tree, another model) reuses the OCR text
// and embeddings of the references and of identical screenshots from the folder instead of
// computing them again, with the same scores; a damaged entry is ignored and recomputed; a bad
// argument exits 2.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DINO, iwr, scratchResults } from './cli-support.ts';

const counts = (stderr: string) => {
  const m = /score cache .*: (\d+) reused, (\d+) added(?:, (\d+) unreadable)?/.exec(stderr);
  if (!m) throw new Error(`no score cache line in:\n${stderr}`);
  return { reused: Number(m[1]), added: Number(m[2]), unreadable: Number(m[3] ?? 0) };
};

const scores = (results: string, model: string) => {
  const e = JSON.parse(readFileSync(join(results, '2', model, 'eval.json'), 'utf8')) as {
    all_ocr_scores: number[];
    all_dino_scores: number[];
    all_ocr_texts: unknown[];
  };
  return { ocr: e.all_ocr_scores, dino: e.all_dino_scores, texts: e.all_ocr_texts };
};

describe('score cache across CLI runs', () => {
  test('run 1 fills it, run 2 reuses every entry with identical scores, a re-run of another model scores no image twice, a damaged file is recomputed, an empty value exits 2', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'iwr-refcache-'));
    const batch = (results: string, model: string, extra: string[] = []) =>
      iwr([
        'batch',
        '--data',
        'samples',
        '--tasks',
        '2',
        '--model',
        model,
        '--results',
        results,
        '--dino-model',
        DINO,
        '--ref-cache',
        cache,
        ...extra,
      ]);

    const first = scratchResults(['reference', 'partial'], ['2']);
    const r1 = await batch(first, 'reference');
    expect(r1.code, r1.stderr).toBe(0);
    const c1 = counts(r1.stderr);
    // One OCR text and one embedding per reference checkpoint and per screenshot scored; a
    // screenshot identical to its reference (or to another screenshot) is found, not added.
    const lookups = c1.reused + c1.added;
    expect(c1.added).toBeGreaterThan(0);
    expect(c1.added % 2).toBe(0);
    expect(lookups % 4).toBe(0); // (reference + screenshot) x (OCR + DINO) per checkpoint
    const afterFirst = readdirSync(cache).filter((f) => f.endsWith('.json'));
    expect(afterFirst).toHaveLength(c1.added);

    // A fresh results tree and browser: everything comes from the folder. Run 3 (another model)
    // runs at the same time, as two processes sharing a folder would: run 2 adds nothing, and
    // run 3's own figures are checked below and again by its re-run.
    const second = scratchResults(['reference'], ['2']);
    const [r2, r3] = await Promise.all([batch(second, 'reference'), batch(first, 'partial')]);
    expect(r2.code, r2.stderr).toBe(0);
    expect(counts(r2.stderr)).toEqual({ reused: lookups, added: 0, unreadable: 0 });
    expect(scores(second, 'reference')).toEqual(scores(first, 'reference'));

    // Another model of the same task reuses the references and adds its own screenshots...
    expect(r3.code, r3.stderr).toBe(0);
    const c3 = counts(r3.stderr);
    expect(c3.reused).toBeGreaterThan(0);
    expect(c3.added).toBeGreaterThan(0);
    // ... which a re-run of that model finds: no image is scored twice.
    const rerun = scratchResults(['partial'], ['2']);
    const r3b = await batch(rerun, 'partial');
    expect(r3b.code, r3b.stderr).toBe(0);
    expect(counts(r3b.stderr)).toEqual({ reused: c3.reused + c3.added, added: 0, unreadable: 0 });
    expect(scores(rerun, 'partial')).toEqual(scores(first, 'partial'));

    // A damaged entry (one the reference run uses) is a miss: recomputed, written back, same scores.
    const victim = afterFirst.sort()[0]!;
    writeFileSync(join(cache, victim), '{"key": "x", "ent');
    const third = scratchResults(['reference'], ['2']);
    const r4 = await batch(third, 'reference');
    expect(r4.code, r4.stderr).toBe(0);
    expect(counts(r4.stderr)).toEqual({ reused: lookups - 1, added: 1, unreadable: 1 });
    expect(scores(third, 'reference')).toEqual(scores(first, 'reference'));
    expect(JSON.parse(readFileSync(join(cache, victim), 'utf8')).key).toMatch(/^v1\|/);

    // --dino-precision float16: the OCR entries are reused, the float32 embeddings are not
    // (their key names the precision): the run adds the embeddings the first run added (half
    // of its entries), and eval.json says float16.
    const half = scratchResults(['reference'], ['2']);
    const r5 = await batch(half, 'reference', ['--dino-precision', 'float16']);
    expect(r5.code, r5.stderr).toBe(0);
    expect(counts(r5.stderr)).toEqual({ reused: lookups - c1.added / 2, added: c1.added / 2, unreadable: 0 });
    const halfEval = JSON.parse(readFileSync(join(half, '2', 'reference', 'eval.json'), 'utf8')) as {
      iwr_studio: { models: { dino: { precision: string } } };
    };
    expect(halfEval.iwr_studio.models.dino.precision).toBe('float16');
    expect(scores(half, 'reference').ocr).toEqual(scores(first, 'reference').ocr);

    const bad = await iwr(['batch', '--data', 'samples', '--tasks', '2', '--model', 'reference', '--results', third, '--ref-cache', '']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--ref-cache: expected a folder/);
    const badPrecision = await iwr([
      'batch',
      '--data',
      'samples',
      '--tasks',
      '2',
      '--model',
      'reference',
      '--results',
      third,
      '--dino-precision',
      'bfloat16',
    ]);
    expect(badPrecision.code).toBe(2);
    expect(badPrecision.stderr).toMatch(/--dino-precision bfloat16: expected one of float32, float16, int8/);
  }, 900_000);
});
