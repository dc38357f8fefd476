// window.iwr entry points for export/import of results and for runs that survive a reload.
//
//   exportRuns({ runIds?, models? }): base64 zip in the official results layout (see
//       src/exchange/manifest.ts); no selection = the whole leaderboard (latest run per
//       task and model). exportRunsInfo(...) returns the same with the manifest and skips.
//   importRuns(base64, { onConflict?, sourceId?, label? }): stores the zip's runs; summary.
//       An existing run id is skipped unless onConflict is 'replace'.
//   startRun(input): window.iwr.evaluate(input with save) that is resumed after a reload.
//   pendingRuns(): unfinished evaluations (without their HTML).
//   resumePendingRuns(progressBinding?): resumes them; events go to that window function
//       as { pendingId, event }.
import { exportRuns as exportZip, type ExportOptions, type ExportResult } from '../exchange/export.ts';
import { importRuns as importZip, type ImportOptions, type ImportSummary } from '../exchange/import.ts';
import { fromBase64, toBase64 } from '../exchange/manifest.ts';
import { evaluateAgain, listPendingRuns, resumePendingRuns, trackRun, type PendingRun, type ResumeResult } from '../pipeline/resume.ts';
import { forwardTo, plainEvent, type EvaluateInput } from './pipeline.ts';
import { registerApi } from './index.ts';

export type PendingRunView = Omit<PendingRun, 'input'> & { input: Omit<PendingRun['input'], 'html'> & { htmlBytes: number } };

declare module './index.ts' {
  interface IwrApi {
    exportRuns(opts?: ExportOptions): Promise<string>;
    exportRunsInfo(opts?: ExportOptions): Promise<Omit<ExportResult, 'zip'> & { zip: string }>;
    importRuns(zipBase64: string, opts?: ImportOptions): Promise<ImportSummary>;
    startRun(input: Omit<EvaluateInput, 'save'>): Promise<{ runId: string | null }>;
    pendingRuns(): Promise<PendingRunView[]>;
    resumePendingRuns(progressBinding?: string): Promise<ResumeResult[]>;
  }
}

const windowFn = (name: string | undefined): ((e: unknown) => unknown) | undefined => {
  const f = name ? (window as unknown as Record<string, unknown>)[name] : undefined;
  return typeof f === 'function' ? (f as (e: unknown) => unknown) : undefined;
};

registerApi({
  async exportRuns(opts) {
    return toBase64((await exportZip(opts)).zip);
  },
  async exportRunsInfo(opts) {
    const r = await exportZip(opts);
    return { ...r, zip: toBase64(r.zip) };
  },
  async importRuns(zipBase64, opts) {
    const bytes = fromBase64(zipBase64);
    return importZip(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), opts);
  },
  async startRun(input) {
    const { progressBinding, ...rest } = input;
    return trackRun(rest, evaluateAgain, forwardTo(progressBinding));
  },
  async pendingRuns() {
    return (await listPendingRuns()).map(({ input: { html, ...input }, ...p }) => ({
      ...p,
      input: { ...input, htmlBytes: new TextEncoder().encode(html).length },
    }));
  },
  async resumePendingRuns(progressBinding) {
    const forward = windowFn(progressBinding);
    return resumePendingRuns(forward ? (pendingId, event) => void forward({ pendingId, event: plainEvent(event) }) : undefined);
  },
});
