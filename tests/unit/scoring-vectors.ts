// Hand-computed scoring vectors shared by the scoring tests and the CLI fixtures
// (tests/fixtures/eval/). Every expected figure is worked out in the comment above it.
import type { ScoredStep } from '../../src/scoring/checkpoints.ts';
import type { AssertionRecord, Unjudged } from '../../src/scoring/eval-record.ts';
import type { RecordInput } from '../../src/scoring/metrics.ts';

export interface Vector {
  name: string;
  steps: ScoredStep[];
  executed: number;
  assertions: (AssertionRecord | null)[];
  /** Expected selection: [screenshot, step] per pair; checkpoint j = position. */
  pairs: [number, number | null][];
  success: number;
  /** Per selected pair: OCR, DINO, HFS fraction (or 'unjudged'). */
  ocr: number[];
  dino: number[];
  hfs: (number | Unjudged)[];
  expect: { IFS: number; ocr: number; dino: number; LFS: number; HFS: number | null; VFS: number; Final: number };
}

const step = (flag: boolean, assertion: string | null = null): ScoredStep => ({
  visual_evaluation_flag: flag,
  logical_assertion: assertion,
});
const verdict = (result: AssertionRecord['result'], assertion: string): AssertionRecord => ({
  result,
  assertion,
  response: result === 'unjudged' ? '' : `{"think": "t", "result": "${result}"}`,
  thinking: '',
});

export const VECTORS: Vector[] = [
  {
    // 3 steps, flags on steps 1 and 2, no assertions, all executed.
    // Pairs: s0->cp0, step1: s1->cp1, step2: s2->cp2. done = 3, IFS = 3/3 = 1.
    // Cut to 4 entries: all 3 kept. OCR (0.5+0.75+1)/3 = 0.75; DINO (0.25+0.5+0.75)/3 = 0.5;
    // LFS (0.75+0.5)/2 = 0.625; HFS (0.8+0.6+0.4)/3 = 0.6; VFS 0.5*0.625+0.5*0.6 = 0.6125;
    // Final 0.7*1 + 0.3*0.6125 = 0.88375.
    name: 'no assertions',
    steps: [step(false), step(true), step(true)],
    executed: 3,
    assertions: [null, null, null],
    pairs: [
      [0, null],
      [1, 1],
      [2, 2],
    ],
    success: 3,
    ocr: [0.5, 0.75, 1],
    dino: [0.25, 0.5, 0.75],
    hfs: [0.8, 0.6, 0.4],
    expect: { IFS: 1, ocr: 0.75, dino: 0.5, LFS: 0.625, HFS: 0.6, VFS: 0.6125, Final: 0.88375 },
  },
  {
    // 4 steps, flags on 0, 2, 3; assertion Yes at step 1, No at step 2; all 4 executed.
    // Pairs: s0->cp0; step 0 flagged: s0 again -> cp1 (flag on step 0); step 1 Yes, no flag;
    // step 2 is No: stop (its own flag is not taken). done = 2, IFS = 2/4 = 0.5.
    // Cut to 3 entries: both kept. OCR (0.5+0.5)/2 = 0.5; DINO (1+0.5)/2 = 0.75;
    // LFS 0.625; HFS (0.5+0.25)/2 = 0.375; VFS 0.3125+0.1875 = 0.5; Final 0.35+0.15 = 0.5.
    name: 'assertion No midway (and a flag on step 0)',
    steps: [step(true), step(false, 'menu opens'), step(true, 'count is 2'), step(true)],
    executed: 4,
    assertions: [null, verdict('Yes', 'menu opens'), verdict('No', 'count is 2'), null],
    pairs: [
      [0, null],
      [0, 0],
    ],
    success: 2,
    ocr: [0.5, 0.5],
    dino: [1, 0.5],
    hfs: [0.5, 0.25],
    expect: { IFS: 0.5, ocr: 0.5, dino: 0.75, LFS: 0.625, HFS: 0.375, VFS: 0.5, Final: 0.5 },
  },
  {
    // 3 steps, flags on 1 and 2; assertions Error, Error, Yes: Error is not No, done stays 3.
    // IFS = 3/3 = 1. Pairs s0, s1, s2. Every score 0.5: OCR = DINO = LFS = HFS = VFS = 0.5;
    // Final = 0.7*1 + 0.3*0.5 = 0.85.
    name: 'Error assertions',
    steps: [step(false, 'a'), step(true, 'b'), step(true, 'c')],
    executed: 3,
    assertions: [verdict('Error', 'a'), verdict('Error', 'b'), verdict('Yes', 'c')],
    pairs: [
      [0, null],
      [1, 1],
      [2, 2],
    ],
    success: 3,
    ocr: [0.5, 0.5, 0.5],
    dino: [0.5, 0.5, 0.5],
    hfs: [0.5, 0.5, 0.5],
    expect: { IFS: 1, ocr: 0.5, dino: 0.5, LFS: 0.5, HFS: 0.5, VFS: 0.5, Final: 0.85 },
  },
  {
    // 5 steps, flags on 1, 2, 4; step 2 failed, so executed = 2 (screenshots 0, 1, 2).
    // Pairs: s0; step 1: s1; step 2: s2 (2 <= 2: the state before the failed step exists);
    // step 4: s4 was never taken -> skipped. done = 2, IFS = 2/5 = 0.4. Cut to 3: all kept.
    // OCR (1+0.5+0)/3 = 0.5; DINO (0.75+0.25+0.5)/3 = 0.5; LFS 0.5; HFS (1+0+0.5)/3 = 0.5;
    // VFS 0.5; Final 0.7*0.4 + 0.3*0.5 = 0.28 + 0.15 = 0.43.
    name: 'execution failure before a flagged step (flag beyond the screenshots)',
    steps: [step(false), step(true), step(true), step(false), step(true)],
    executed: 2,
    assertions: [null, null, null, null, null],
    pairs: [
      [0, null],
      [1, 1],
      [2, 2],
    ],
    success: 2,
    ocr: [1, 0.5, 0],
    dino: [0.75, 0.25, 0.5],
    hfs: [1, 0, 0.5],
    expect: { IFS: 0.4, ocr: 0.5, dino: 0.5, LFS: 0.5, HFS: 0.5, VFS: 0.5, Final: 0.43 },
  },
  {
    // 2 steps, flags on 0 and 1; step 0 failed: executed = 0 (only screenshot 0).
    // Pairs: s0; step 0: s0 again (0 <= 0); step 1: s1 missing -> skipped. done = 0,
    // IFS = 0/2 = 0. Cut to done + 1 = 1 entry: only the first pair counts.
    // OCR 0.25; DINO 0.5; LFS 0.375; HFS 0.5 ('unjudged' second entry is cut away, so HFS is
    // complete); VFS 0.1875+0.25 = 0.4375; Final 0 + 0.3*0.4375 = 0.13125.
    name: 'flag on step 0 with the list cut to done + 1',
    steps: [step(true), step(true)],
    executed: 0,
    assertions: [null, null],
    pairs: [
      [0, null],
      [0, 0],
    ],
    success: 0,
    ocr: [0.25, 1],
    dino: [0.5, 1],
    hfs: [0.5, 'unjudged'],
    expect: { IFS: 0, ocr: 0.25, dino: 0.5, LFS: 0.375, HFS: 0.5, VFS: 0.4375, Final: 0.13125 },
  },
  {
    // Zero steps: only screenshot 0. IFS = 0/0: the official report guards it to 0.
    // OCR = DINO = HFS = 1: LFS 1, VFS 1, Final 0.7*0 + 0.3*1 = 0.3.
    name: 'zero steps',
    steps: [],
    executed: 0,
    assertions: [],
    pairs: [[0, null]],
    success: 0,
    ocr: [1],
    dino: [1],
    hfs: [1],
    expect: { IFS: 0, ocr: 1, dino: 1, LFS: 1, HFS: 1, VFS: 1, Final: 0.3 },
  },
  {
    // The first vector with no judge: HFS unjudged everywhere -> HFS n/a (null, not 0).
    // OCR 0.75, DINO 0.5, LFS 0.625 as before; "VFS (no HFS)" = LFS = 0.625;
    // "Final (no HFS)" = 0.7*1 + 0.3*0.625 = 0.8875.
    name: 'missing HFS',
    steps: [step(false), step(true), step(true)],
    executed: 3,
    assertions: [null, null, null],
    pairs: [
      [0, null],
      [1, 1],
      [2, 2],
    ],
    success: 3,
    ocr: [0.5, 0.75, 1],
    dino: [0.25, 0.5, 0.75],
    hfs: ['unjudged', 'unjudged', 'unjudged'],
    expect: { IFS: 1, ocr: 0.75, dino: 0.5, LFS: 0.625, HFS: null, VFS: 0.625, Final: 0.8875 },
  },
  {
    // The failure vector with one checkpoint unjudged: HFS over the judged two,
    // (1+0.5)/2 = 0.75 ("HFS (partial)"); "VFS (partial HFS)" 0.25+0.375 = 0.625;
    // "Final (partial HFS)" 0.28 + 0.3*0.625 = 0.28 + 0.1875 = 0.4675.
    name: 'partial HFS',
    steps: [step(false), step(true), step(true), step(false), step(true)],
    executed: 2,
    assertions: [null, null, null, null, null],
    pairs: [
      [0, null],
      [1, 1],
      [2, 2],
    ],
    success: 2,
    ocr: [1, 0.5, 0],
    dino: [0.75, 0.25, 0.5],
    hfs: [1, 'unjudged', 0.5],
    expect: { IFS: 0.4, ocr: 0.5, dino: 0.5, LFS: 0.5, HFS: 0.75, VFS: 0.625, Final: 0.4675 },
  },
  {
    // An unjudged assertion at step 0 is not a No: done stays 2, IFS = 1 but labelled
    // "IFS (unjudged assertions)" (an upper bound). Pairs s0, s1 (flag on step 1).
    // OCR (0.5+1)/2 = 0.75; DINO 0.5; LFS 0.625; HFS (1+0.5)/2 = 0.75; VFS 0.6875;
    // Final 0.7 + 0.3*0.6875 = 0.90625.
    name: 'unjudged assertion',
    steps: [step(false, 'x'), step(true)],
    executed: 2,
    assertions: [verdict('unjudged', 'x'), null],
    pairs: [
      [0, null],
      [1, 1],
    ],
    success: 2,
    ocr: [0.5, 1],
    dino: [0.5, 0.5],
    hfs: [1, 0.5],
    expect: { IFS: 1, ocr: 0.75, dino: 0.5, LFS: 0.625, HFS: 0.75, VFS: 0.6875, Final: 0.90625 },
  },
];

export function vector(name: string): Vector {
  const v = VECTORS.find((x) => x.name === name);
  if (!v) throw new Error(`no vector "${name}"`);
  return v;
}

/** The record inputs a replay + scorers + judge would hand to buildEvalRecord. */
export function recordInput(v: Vector): RecordInput {
  return {
    steps: v.steps,
    executed: v.executed,
    screenshotPaths: Array.from({ length: v.executed + 1 }, (_, i) => `evalpoints/${i}.png`),
    assertionResults: v.assertions,
    checkpoints: v.pairs.map((_, j) => ({
      ocr: v.ocr[j] as number,
      dino: v.dino[j] as number,
      hfs: v.hfs[j] as number | Unjudged,
      mllmRes: v.hfs[j] === 'unjudged' ? null : `Comments: fine.\nScore: ${Math.round((v.hfs[j] as number) * 100)}/100`,
      ocrTexts: { checkpoint_text: `ref ${j}`, screenshot_text: `cand ${j}`, similarity: v.ocr[j] as number },
    })),
  };
}
