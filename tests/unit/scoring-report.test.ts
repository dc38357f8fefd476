// Report formatting: Python's '{:.2f}', the official Markdown layout, partial labelling.
import { describe, expect, it } from 'vitest';
import { buildEvalRecord, taskScores } from '../../src/scoring/metrics.ts';
import { modelDirName, reportStem } from '../../src/scoring/model-names.ts';
import { pyFixed2 } from '../../src/scoring/py-format.ts';
import { buildReport, compareTaskIds, reportCsv, reportJson, reportMarkdown, scoresObject, taskRow } from '../../src/scoring/report.ts';
import { recordInput, vector } from './scoring-vectors.ts';

const scores = (name: string) => taskScores(buildEvalRecord(recordInput(vector(name))));

describe('pyFixed2', () => {
  it('rounds exact binary ties half to even like Python', () => {
    // 12.125 and 0.125 are exact doubles: Python gives 12.12 / 0.12, toFixed 12.13 / 0.13.
    expect([pyFixed2(12.125), pyFixed2(12.375), pyFixed2(0.125), pyFixed2(88.375)]).toEqual(['12.12', '12.38', '0.12', '88.38']);
    // Not ties in binary: 2.675 is stored just below, 88.37499999999999 is below the tie.
    expect([pyFixed2(2.675), pyFixed2(88.37499999999999), pyFixed2(100), pyFixed2(-0)]).toEqual(['2.67', '88.37', '100.00', '-0.00']);
  });
});

describe('names', () => {
  it('result folder lower-cases, report file keeps case (official quirk)', () => {
    expect(modelDirName('Org/Model-X')).toBe('org__model-x');
    expect(reportStem('Org/Model-X')).toBe('Org__Model-X');
  });
  it('orders task ids numerically', () => {
    expect(['10', '2', '1', 'b', 'a'].sort(compareTaskIds)).toEqual(['1', '2', '10', 'a', 'b']);
  });
});

describe('reportMarkdown', () => {
  const full = buildReport('Org/Model-X', [
    { task: '1', scores: scores('no assertions') },
    { task: '2', scores: scores('assertion No midway (and a flag on step 0)') },
    { task: '10', scores: scores('execution failure before a flagged step (flag beyond the screenshots)') },
  ]);

  it('is the official table when complete', () => {
    // Task 1 Final: 0.7 + 0.3*0.6125 is 0.8837499999999999 in floats -> 88.37 (Python agrees).
    // avg: IFS (1+0.5+0.4)/3 = 63.33; OCR (0.75+0.5+0.5)/3 = 58.33; DINO (0.5+0.75+0.5)/3 = 58.33;
    // LFS (0.625+0.625+0.5)/3 = 58.33; HFS (0.6+0.375+0.5)/3 = 49.17; VFS (0.6125+0.5+0.5)/3
    // = 53.75; Final (0.88375+0.5+0.43)/3 = 60.458.. -> 60.46.
    expect(reportMarkdown(full)).toBe(
      [
        '# model: Org__Model-X result',
        '',
        '| task | IFS(%) | OCR(%) | DINO(%) | LFS(%) | HFS(%) | VFS(%) | Final(%) |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
        '| 1 | 100.00 | 75.00 | 50.00 | 62.50 | 60.00 | 61.25 | 88.37 |',
        '| 2 | 50.00 | 50.00 | 75.00 | 62.50 | 37.50 | 50.00 | 50.00 |',
        '| 10 | 40.00 | 50.00 | 50.00 | 50.00 | 50.00 | 50.00 | 43.00 |',
        '| avg | 63.33 | 58.33 | 58.33 | 58.33 | 49.17 | 53.75 | 60.46 |',
      ].join('\n'),
    );
  });

  it('says under the table which tasks have DINO figures from the int8 option; float16 and float32 rows stay official', () => {
    const record = (precision?: string) => {
      const r = buildEvalRecord(recordInput(vector('no assertions')));
      return precision ? { ...r, iwr_studio: { ...r.iwr_studio, schema: 1 as const, models: { dino: { id: 'm', precision } } } } : r;
    };
    const rows = [taskRow('1', record('int8')), taskRow('2', record('float16')), taskRow('3', record()), taskRow('10', record('int8'))];
    expect(rows.map((r) => r.approximateDino ?? false)).toEqual([true, false, false, true]);
    const md = reportMarkdown(buildReport('m', rows)).split('\n');
    expect(md.slice(-2)).toEqual([
      '',
      "DINO figures of task 1, 10 come from the int8 option (fast and approximate, not the official model's): not comparable with published scores.",
    ]);
    // Without int8 the table is the official one, with nothing under it.
    const official = reportMarkdown(buildReport('m', rows.slice(1, 3)));
    expect(official.split('\n').at(-1)).toMatch(/^\| avg \|/);
  });

  it('has no avg row without tasks', () => {
    expect(reportMarkdown(buildReport('m', [])).split('\n')).toHaveLength(4);
  });

  it('labels partial columns and cells, and explains them', () => {
    const rep = buildReport('m', [
      { task: '1', scores: scores('missing HFS') },
      { task: '10', scores: scores('execution failure before a flagged step (flag beyond the screenshots)') },
    ]);
    const md = reportMarkdown(rep).split('\n');
    expect(md[2]).toBe('| task | IFS(%) | OCR(%) | DINO(%) | LFS(%) | HFS(%) (partial) | VFS(%) (partial HFS) | Final(%) (partial HFS) |');
    // Task 1: VFS (no HFS) = LFS = 62.50, Final (no HFS) = 0.7 + 0.3*0.625 = 88.75.
    expect(md[4]).toBe('| 1 | 100.00 | 75.00 | 50.00 | 62.50 | n/a | 62.50* | 88.75* |');
    expect(md[5]).toBe('| 10 | 40.00 | 50.00 | 50.00 | 50.00 | 50.00 | 50.00 | 43.00 |');
    // avg HFS only from task 10: 50.00; VFS (0.625+0.5)/2 = 56.25; Final (0.8875+0.43)/2 = 65.875
    // -> 65.875 exactly, a tie -> half to even -> 65.88.
    expect(md[6]).toBe('| avg | 70.00 | 62.50 | 50.00 | 56.25 | 50.00* | 56.25* | 65.88* |');
    expect(md.slice(8)).toEqual([
      'Partial figures (marked *): not comparable with published scores.',
      '- No HFS (no judge) for task 1: there VFS = LFS and Final = 0.7 IFS + 0.3 LFS.',
      '- avg HFS is over the 1 of 2 tasks that have one.',
    ]);
  });

  it('labels unjudged assertions', () => {
    const md = reportMarkdown(buildReport('m', [{ task: '5', scores: scores('unjudged assertion') }]));
    expect(md).toContain('| task | IFS(%) (unjudged assertions) |');
    expect(md).toContain('Final(%) (unjudged assertions) |');
    // IFS 1 -> 100.00*, Final 0.90625 -> 90.625 is an exact tie -> 90.62 (half to even).
    expect(md).toContain('| 5 | 100.00* | 75.00 | 50.00 | 62.50 | 75.00 | 68.75 | 90.62* |');
    expect(md).toContain('- Task 5: unjudged assertion at step 0 counted as passed');
  });
});

describe('CSV, JSON and score object', () => {
  const rep = buildReport('m', [{ task: '1', scores: scores('missing HFS') }]);
  it('CSV has labelled headers and an empty HFS', () => {
    expect(reportCsv(rep).split('\n').slice(0, 2)).toEqual([
      'task,IFS(%),OCR(%),DINO(%),LFS(%),HFS(%) (unjudged),VFS(%) (no HFS),Final(%) (no HFS),complete',
      '1,100.00,75.00,50.00,62.50,,62.50,88.75,false',
    ]);
  });
  it('JSON keeps fractions and coverage', () => {
    const j = JSON.parse(reportJson(rep));
    expect(j.complete).toBe(false);
    expect(j.tasks[0].HFS).toBeNull();
    expect(j.tasks[0].hfs).toEqual({ status: 'none', judged: 0, total: 3 });
  });
  it('score object never puts a partial figure under an official key', () => {
    const o = scoresObject(scores('missing HFS'));
    expect(Object.keys(o)).toEqual([
      'IFS',
      'ocr_score',
      'dino_score',
      'LFS',
      'HFS (unjudged)',
      'VFS (no HFS)',
      'Final (no HFS)',
      'complete',
      'partial',
    ]);
    expect(o['HFS (unjudged)']).toBeNull();
  });
});
