// The selftest's table: per task, the reference and each defect variant with its Final in
// every mode, and which modes caught it. Pure.
import type { DefectName } from './defects.ts';

export const SELFTEST_MODES = ['no judge', 'checks', 'judge'] as const;
export type SelftestMode = (typeof SELFTEST_MODES)[number];

export interface SelftestRow {
  task: string;
  page: 'reference' | DefectName;
  /** Final per mode (null: the mode did not run or gave no figure). */
  scores: Partial<Record<SelftestMode, number | null>>;
  /** Per mode: the variant scored below the reference (references: absent). */
  caught?: Partial<Record<SelftestMode, boolean>>;
  /**
   * False when the variant's screenshot after every step is the reference's: the defect
   * changed nothing this task does (its steps never use what it breaks), so no mode can be
   * blamed for missing it; such rows are left out of the counts.
   */
  effect?: boolean;
  error?: string;
}

export const sameShots = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const pct = (x: number | null | undefined) => (typeof x === 'number' ? (100 * x).toFixed(2) : '—');

/** The checks' Final from a judge+checks eval.json (iwr_studio.checks.scores); the app wrote it, so no repair is needed. */
export function checksFinal(evalJson: string): number | null {
  const final = (JSON.parse(evalJson) as { iwr_studio?: { checks?: { scores?: { Final?: unknown } } } }).iwr_studio?.checks?.scores?.Final;
  return typeof final === 'number' ? final : null;
}

export function selftestTable(rows: readonly SelftestRow[], modes: readonly SelftestMode[]): string {
  const head = ['task', 'page', ...modes.map((m) => `Final (${m})`), 'caught by'];
  const body = rows.map((r) => [
    r.task,
    r.page,
    ...modes.map((m) => `${pct(r.scores[m])}${r.caught?.[m] ? ' ✓' : ''}`),
    r.error
      ? `error: ${r.error}`
      : r.page === 'reference'
        ? ''
        : r.effect === false
          ? 'no effect on this task'
          : modes.filter((m) => r.caught?.[m]).join(', ') || 'NOT CAUGHT',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(head), ...body.map(line)].join('\n');
}

export function selftestSummary(rows: readonly SelftestRow[], modes: readonly SelftestMode[]): { lines: string[]; allCaught: boolean } {
  const variants = rows.filter((r) => r.page !== 'reference' && r.effect !== false);
  const inert = rows.filter((r) => r.effect === false);
  const lines = modes.map((m) => `${m}: caught ${variants.filter((r) => r.caught?.[m]).length} of ${variants.length}`);
  const missed = variants.filter((r) => !r.error && !modes.some((m) => r.caught?.[m]));
  const failed = rows.filter((r) => r.error);
  lines.push(
    missed.length
      ? `not caught by any mode: ${missed.map((r) => `task ${r.task} ${r.page}`).join(', ')}`
      : `every variant is caught by at least one mode`,
  );
  if (inert.length) lines.push(`no effect (not counted): ${inert.map((r) => `task ${r.task} ${r.page}`).join(', ')}`);
  if (failed.length) lines.push(`evaluations that failed: ${failed.map((r) => `task ${r.task} ${r.page}`).join(', ')}`);
  return { lines, allCaught: missed.length === 0 && failed.length === 0 };
}
