// The official per-model report (`reports/<model>_metrics.md`) plus CSV and JSON forms.
// When every figure is official the Markdown is byte-for-byte what the official writer
// produces; otherwise partial columns are renamed and each partial cell is marked.
import { COLUMNS, columnLabels, modelMean, taskScores, type Column, type ColumnLabel, type Scores } from './metrics.ts';
import type { EvalRecord } from './eval-record.ts';
import { reportStem } from './model-names.ts';
import { pyFixed2 } from './py-format.ts';

export interface TaskRow {
  task: string;
  scores: Scores;
  /** Set when the task's DINO figures come from the int8 option (fast, approximate): noted under the table. */
  approximateDino?: true;
}

/** A report row from a task's eval.json. */
export function taskRow(task: string, record: EvalRecord): TaskRow {
  const int8 = record.iwr_studio?.models?.dino?.precision === 'int8';
  return { task, scores: taskScores(record), ...(int8 ? { approximateDino: true as const } : {}) };
}

export interface Report {
  model: string;
  rows: TaskRow[];
  /** Mean over rows; absent when there are none (the official table then has no avg row). */
  avg?: Scores;
  complete: boolean;
}

const HEADER_NAMES: Record<Column, string> = {
  IFS: 'IFS',
  ocr_score: 'OCR',
  dino_score: 'DINO',
  LFS: 'LFS',
  HFS: 'HFS',
  VFS: 'VFS',
  Final: 'Final',
};

/** Report rows in the given order (the official report follows the dataset order). */
export function buildReport(model: string, rows: readonly TaskRow[]): Report {
  const avg = rows.length ? modelMean(rows.map((r) => r.scores)) : undefined;
  return { model, rows: [...rows], ...(avg ? { avg } : {}), complete: rows.every((r) => r.scores.complete) };
}

/** Task ids in numeric order when numeric, else text order. */
export function compareTaskIds(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (a.trim() !== '' && b.trim() !== '' && Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

const headerCell = (l: ColumnLabel): string => `${HEADER_NAMES[l.column]}(%)${l.qualifier ? ` (${l.qualifier})` : ''}`;

/** "12.34", "n/a" for a missing HFS, and a '*' on a figure that is not the official one. */
function cell(s: Scores, c: Column, labels: Record<Column, ColumnLabel>): string {
  const v = s[c];
  if (v === null) return 'n/a';
  return `${pyFixed2(v * 100)}${labels[c].qualifier ? '*' : ''}`;
}

/** The report's column labels: from the avg row, which is partial when any row is. */
function reportLabels(r: Report): Record<Column, ColumnLabel> {
  return columnLabels(
    r.avg ?? { hfs: { status: 'complete', judged: 0, total: 0 }, assertions: { status: 'complete', source: 'judge', unjudgedSteps: [] } },
  );
}

/** Official Markdown: heading, blank line, table; lines joined by '\n', no final newline. */
export function reportMarkdown(r: Report): string {
  const labels = reportLabels(r);
  const lines = [
    `# model: ${reportStem(r.model)} result\n`,
    `| task | ${COLUMNS.map((c) => headerCell(labels[c])).join(' | ')} |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of r.rows) {
    const own = columnLabels(row.scores);
    lines.push(`| ${row.task} | ${COLUMNS.map((c) => cell(row.scores, c, own)).join(' | ')} |`);
  }
  if (r.avg) lines.push(`| avg | ${COLUMNS.map((c) => cell(r.avg as Scores, c, labels)).join(' | ')} |`);
  if (!r.complete) lines.push('', ...partialNotes(r));
  const approximate = r.rows.filter((x) => x.approximateDino).map((x) => x.task);
  if (approximate.length)
    lines.push(
      '',
      `DINO figures of task ${approximate.join(', ')} come from the int8 option (fast and approximate, not the official model's): not comparable with published scores.`,
    );
  return lines.join('\n');
}

/** Plain-language notes under a partial table: what is missing and what the figures mean. */
export function partialNotes(r: Report): string[] {
  const notes = ['Partial figures (marked *): not comparable with published scores.'];
  const noHfs = r.rows.filter((x) => x.scores.hfs.status === 'none').map((x) => x.task);
  const someHfs = r.rows.filter((x) => x.scores.hfs.status === 'partial');
  const unjudged = r.rows.filter((x) => x.scores.assertions.status === 'unjudged');
  if (noHfs.length) notes.push(`- No HFS (no judge) for task ${noHfs.join(', ')}: there VFS = LFS and Final = 0.7 IFS + 0.3 LFS.`);
  for (const x of someHfs)
    notes.push(`- Task ${x.task}: HFS from ${x.scores.hfs.judged} of ${x.scores.hfs.total} checkpoints; the rest unjudged.`);
  for (const x of unjudged)
    notes.push(
      `- Task ${x.task}: unjudged assertion at step ${x.scores.assertions.unjudgedSteps.join(', ')} counted as passed; IFS is an upper bound and the lists are cut as if it passed.`,
    );
  if (r.avg && r.avg.hfs.status === 'partial')
    notes.push(`- avg HFS is over the ${r.rows.filter((x) => x.scores.HFS !== null).length} of ${r.rows.length} tasks that have one.`);
  return notes;
}

/** CSV: the table's figures in percent with 2 decimals, labelled headers, HFS empty when n/a. */
export function reportCsv(r: Report): string {
  const labels = reportLabels(r);
  const q = (s: string): string => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  const num = (v: number | null): string => (v === null ? '' : pyFixed2(v * 100));
  const out = [['task', ...COLUMNS.map((c) => headerCell(labels[c])), 'complete'].map(q).join(',')];
  const line = (task: string, s: Scores): string => [q(task), ...COLUMNS.map((c) => num(s[c])), String(s.complete)].join(',');
  for (const row of r.rows) out.push(line(row.task, row.scores));
  if (r.avg) out.push(line('avg', r.avg));
  return `${out.join('\n')}\n`;
}

/** JSON: fractions at full precision, with the coverage of each figure. */
export function reportJson(r: Report): string {
  return `${JSON.stringify({ model: r.model, complete: r.complete, tasks: r.rows.map((x) => ({ task: x.task, ...x.scores })), avg: r.avg ?? null }, null, 2)}\n`;
}

/**
 * One task's (or model's) figures as a flat object for `iwr score`: official keys when the
 * figure is official, the labelled key (e.g. "VFS (no HFS)") when it is not, so that no
 * consumer reads a partial figure under an official name.
 */
export function scoresObject(s: Scores): Record<string, unknown> {
  const labels = columnLabels(s);
  const out: Record<string, unknown> = {};
  for (const c of COLUMNS) {
    const q = labels[c].qualifier;
    out[q ? `${c} (${q})` : c] = s[c];
  }
  out['complete'] = s.complete;
  out['partial'] = {
    hfs: s.hfs,
    assertions: { status: s.assertions.status, source: s.assertions.source, unjudged_steps: s.assertions.unjudgedSteps },
  };
  return out;
}
