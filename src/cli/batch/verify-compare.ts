// `iwr verify`'s findings: published figures of one task against what we recompute, each
// difference with its most likely cause. Pure: plain data in, plain data out.
import type { EvalRecord } from '../../scoring/eval-record.ts';
import { mean, taskScores, type Column, type Scores } from '../../scoring/metrics.ts';
import { ocrSimilarity } from '../../engines/ocr-sim.ts';

/** A recomputed record field may differ from the published one by float noise only. */
export const RECORD_TOLERANCE = 1e-6;
/** Report cells are percentages with 2 decimals: half a unit of the last place, plus noise. */
export const REPORT_TOLERANCE = 0.00005 + 1e-9;
/** Engines re-run on the same pixels (OCR, DINO): the parity bound of the capture backends. */
export const ENGINE_TOLERANCE = 0.02;

export interface Finding {
  what: string;
  published: number | string | null;
  recomputed: number | string | null;
  cause: string;
}

export type ReportRow = Partial<Record<Column, number | null>>;

const COLS: Column[] = ['IFS', 'ocr_score', 'dino_score', 'LFS', 'HFS', 'VFS', 'Final'];

/** Rows of an official `<model>_metrics.md` table by task id, as fractions (n/a -> null). */
export function parseReportMarkdown(md: string): Map<string, ReportRow> {
  const rows = new Map<string, ReportRow>();
  for (const line of md.split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length !== 8 || cells[0] === 'task' || /^-+$/.test(cells[0] ?? '')) continue;
    const row: ReportRow = {};
    COLS.forEach((c, i) => {
      const raw = (cells[i + 1] ?? '').replace('*', '');
      row[c] = raw === 'n/a' ? null : Number(raw) / 100;
    });
    rows.set(cells[0] as string, row);
  }
  return rows;
}

/** A: the record's own aggregate fields against its lists, and the published report row. */
export function checkAggregate(rec: EvalRecord, row: ReportRow | undefined): { scores: Scores; findings: Finding[] } {
  const scores = taskScores(rec);
  const findings: Finding[] = [];
  const own: [string, number | null, number | null][] = [
    ['ocr_score (mean of all_ocr_scores)', rec.ocr_score, mean(rec.all_ocr_scores)],
    ['dino_score (mean of all_dino_scores)', rec.dino_score, mean(rec.all_dino_scores)],
  ];
  const judged = rec.all_mllm_scores.filter((x): x is number => typeof x === 'number');
  if (rec.mllm_score !== null && judged.length === rec.all_mllm_scores.length)
    own.push(['mllm_score (mean of all_mllm_scores)', rec.mllm_score, mean(judged)]);
  for (const [what, pub, ours] of own) {
    if (pub !== null && ours !== null && Math.abs(pub - ours) > RECORD_TOLERANCE)
      findings.push({
        what,
        published: pub,
        recomputed: ours,
        cause: 'the eval.json is inconsistent: its aggregate field does not match its own list (edited or truncated file)',
      });
  }
  if (row) {
    for (const c of COLS) {
      const pub = row[c];
      const ours = scores[c];
      if (pub === undefined) continue;
      if ((pub === null) !== (ours === null) || (pub !== null && ours !== null && Math.abs(pub - ours) > REPORT_TOLERANCE)) {
        findings.push({
          what: `report ${c}`,
          published: pub,
          recomputed: ours,
          cause:
            'the published report row does not follow from the eval.json (official formula: lists cut to success_step + 1, then averaged)',
        });
      }
    }
  }
  return { scores, findings };
}

export interface Rescored {
  checkpoint: number;
  /** null: the evalpoint file is missing. */
  ocr: number | null;
  dino: number | null;
  ocrTexts?: { reference: string; candidate: string };
  file: string;
}

/** B: OCR and DINO re-run on the bundle's evalpoints against the checkpoints. */
export function checkEvalpoints(
  rec: EvalRecord,
  rescored: readonly Rescored[],
  ours: { ocrEngine: string; dinoSha256: string; dinoId: string; dinoPrecision?: string },
): Finding[] {
  const findings: Finding[] = [];
  const pubDino = rec.iwr_studio?.models?.dino;
  const pubOcr = rec.iwr_studio?.models?.ocr?.id ?? 'EasyOCR (official; not recorded in the file)';
  for (const [j, r] of rescored.entries()) {
    if (r.ocr === null || r.dino === null) {
      findings.push({
        what: `checkpoint ${j}`,
        published: rec.screenshot_paths_to_eval[j] ?? null,
        recomputed: null,
        cause: `${r.file} is missing from the bundle: not rescored`,
      });
      continue;
    }
    const pOcr = rec.all_ocr_scores[j];
    if (pOcr !== undefined && Math.abs(pOcr - r.ocr) > ENGINE_TOLERANCE) {
      const texts = rec.all_ocr_texts[j];
      let cause: string;
      const selfSim = texts ? ocrSimilarity(texts.checkpoint_text, texts.screenshot_text) : null;
      if (selfSim !== null && Math.abs(selfSim - pOcr) > RECORD_TOLERANCE)
        cause = `the published OCR score does not match its own texts (their similarity is ${selfSim.toFixed(4)}): edited record`;
      else if (texts && r.ocrTexts && texts.checkpoint_text !== r.ocrTexts.reference)
        cause = `OCR engine difference: the reference reads differently (published ${pubOcr} vs ours ${ours.ocrEngine})`;
      else if (texts && r.ocrTexts && texts.screenshot_text !== r.ocrTexts.candidate)
        cause = `OCR engine difference on the screenshot (published ${pubOcr} vs ours ${ours.ocrEngine})`;
      else cause = `OCR engine difference (published ${pubOcr} vs ours ${ours.ocrEngine})`;
      findings.push({ what: `checkpoint ${j} OCR (${r.file})`, published: pOcr, recomputed: r.ocr, cause });
    }
    const pDino = rec.all_dino_scores[j];
    if (pDino !== undefined && Math.abs(pDino - r.dino) > ENGINE_TOLERANCE) {
      const pubPrecision = pubDino?.precision ?? 'float32';
      const ourPrecision = ours.dinoPrecision ?? 'float32';
      const cause =
        pubDino?.sha256 && pubDino.sha256 === ours.dinoSha256
          ? pubPrecision !== ourPrecision
            ? `same DINO model (${ours.dinoId}) in another precision (published ${pubPrecision}, ours ${ourPrecision}; --dino-precision)`
            : `same DINO model (${ours.dinoId}) on the same file, different score: edited record or a different runtime`
          : `DINO model difference (published ${pubDino ? `${pubDino.id}${pubDino.sha256 ? ` ${pubDino.sha256.slice(0, 12)}` : ''}` : 'facebook/dinov2-base (official; not recorded; float16 when run on a GPU)'} vs ours ${ours.dinoId} ${ours.dinoSha256.slice(0, 12)} ${ourPrecision})`;
      findings.push({ what: `checkpoint ${j} DINO (${r.file})`, published: pDino, recomputed: r.dino, cause });
    }
  }
  return findings;
}

/** C: our replay of the bundle's index.html against the published run. */
export function checkReplay(pub: EvalRecord, ours: EvalRecord): Finding[] {
  const findings: Finding[] = [];
  const a = pub.success_step;
  const b = ours.success_step;
  if (pub.total_step !== ours.total_step) {
    findings.push({
      what: 'total_step',
      published: pub.total_step,
      recomputed: ours.total_step,
      cause: 'the bundle was scored on a different version of the task',
    });
  }
  if (a !== b) {
    const k = Math.min(a, b);
    const ourStep = ours.iwr_studio?.driver_decisions?.find((d) => d.step === k);
    const pubStep = pub.iwr_studio?.driver_decisions?.find((d) => d.step === k);
    const assertion = pub.assertion_results[k];
    let cause: string;
    if (b < a) {
      cause = `driver disagreement at step ${k}: our driver ${ourStep ? `failed the ${ourStep.type} (${ourStep.reason ?? 'no reason recorded'})` : 'stopped'}, the published run passed it`;
    } else if (assertion?.result === 'No') {
      cause = `the published judge answered No to the assertion after step ${k} ("${assertion.assertion}"); ${ours.assertion_results[k]?.result === 'unjudged' ? 'judge missing in our run, so it counts as passed' : `ours: ${ours.assertion_results[k]?.result ?? 'none'}`}`;
    } else {
      cause = `driver disagreement at step ${k}: the published run stopped there${pubStep?.reason ? ` (${pubStep.reason})` : ''}, our driver did the ${ourStep?.type ?? 'step'}${ourStep?.target ? ` on ${ourStep.target}` : ''}`;
    }
    findings.push({ what: 'success_step', published: a, recomputed: b, cause });
  }
  const pubJudged = pub.all_mllm_scores.some((x) => typeof x === 'number');
  const ourJudged = ours.all_mllm_scores.some((x) => typeof x === 'number');
  if (pubJudged && !ourJudged) {
    findings.push({
      what: 'HFS',
      published: pub.mllm_score,
      recomputed: null,
      cause: 'judge missing: our run had no judge, HFS not recomputed (run with --judge configured)',
    });
  }
  return findings;
}
