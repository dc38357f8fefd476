// `iwr eval --ocr-data FILE --ocr-psm N`: other tesseract data and page segmentation, kept as
// options beside the shipped default (4.0.0_best_int, PSM 3; bench:ocr-variants measured them).
// The data here is tessdata 4.0.0 from the npm package the app's own data comes from.
import { describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DINO, iwr, repo, SAMPLE_RESULTS, evalArgs } from './cli-support.ts';

const DATA = `${repo}node_modules/@tesseract.js-data/eng/4.0.0/eng.traineddata.gz`;

interface EvalJson {
  iwr_studio: { models: { ocr: { id: string } } };
  all_ocr_texts: { checkpoint_text: string; screenshot_text: string }[];
}

async function evalTask1(extra: string[]): Promise<EvalJson> {
  const out = mkdtempSync(join(tmpdir(), 'iwr-ocr-opt-'));
  const r = await iwr(evalArgs({ task: '1', html: `${SAMPLE_RESULTS}/1/reference/index.html`, out }, '--dino-model', DINO, ...extra));
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(readFileSync(join(out, 'eval.json'), 'utf8')) as EvalJson;
}

describe('iwr eval (and selftest) --ocr-data / --ocr-psm', () => {
  test('another data file and PSM read the text and are recorded by the file hash; the default stays recorded as it was', async () => {
    const sha = createHash('sha256').update(readFileSync(DATA)).digest('hex').slice(0, 12);
    const [other, shipped] = await Promise.all([evalTask1(['--ocr-data', DATA, '--ocr-psm', '4']), evalTask1([])]);
    expect(other.iwr_studio.models.ocr.id).toBe(`tesseract.js@7+eng-file-${sha}+psm4`);
    expect(shipped.iwr_studio.models.ocr.id).toBe('tesseract.js@7+eng-4.0.0_best_int+psm3');
    for (const rec of [other, shipped]) expect(rec.all_ocr_texts[0]?.checkpoint_text).toContain('count');
  }, 300_000);

  test('a missing file, a file that is not gzip under a .gz name and an unmeasured PSM are refused with one line', async () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'iwr-ocr-bad-')), 'eng.traineddata.gz');
    writeFileSync(bad, 'not gzip');
    const base = evalArgs({ task: '1', html: `${SAMPLE_RESULTS}/1/reference/index.html`, out: tmpdir() });
    const cases: [string[], string][] = [
      [['--ocr-data', '/no/such/eng.traineddata'], 'iwr eval: --ocr-data /no/such/eng.traineddata: no such file'],
      [['--ocr-data', bad], `iwr eval: --ocr-data ${bad}: not a traineddata file (gzip)`],
      [['--ocr-psm', '5'], 'iwr eval: --ocr-psm 5: expected one of 3, 4, 6, 11'],
    ];
    const ran = await Promise.all(cases.map(([a]) => iwr([...base, ...a])));
    cases.forEach(([a, msg], i) => {
      expect(ran[i]?.code, a.join(' ')).toBe(2);
      expect(ran[i]?.stderr).toContain(msg);
    });
    // iwr selftest takes the same options (batch and verify share eval's option list).
    const selftest = await iwr(['selftest', '--data', 'samples', '--ocr-psm', '5']);
    expect(selftest.code).toBe(2);
    expect(selftest.stderr).toContain('iwr selftest: --ocr-psm 5: expected one of 3, 4, 6, 11');
  }, 120_000);
});
