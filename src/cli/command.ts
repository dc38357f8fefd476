// The contract of a CLI command: one file per command under commands/, registered in main.ts.
export interface Command {
  name: string;
  /** One line for `iwr --help`. */
  summary: string;
  /** Full usage text for `iwr <name> --help`. */
  usage: string;
  /** Returns the exit code: 0 done, 1 some work failed, 2 bad arguments or data. */
  run(argv: string[]): Promise<number>;
}

/** An error the user can fix (bad arguments or data): printed as one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** `--debug` (anywhere on the command line) prints stacks after the one-line messages. */
export const debug = { on: false };

/** The project's own test model: what to try when the configured DINO model cannot be had. */
export const TEST_DINO_MODEL = 'public/models/test-dinov2-tiny.onnx';

/**
 * An error as one line a person can act on: Playwright's "page.evaluate: Error: " prefix and
 * the minified stack frames of the app page dropped; the stack only with --debug.
 */
export function errorLine(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  const first =
    raw
      .replace(/^page\.evaluate: /, '')
      .replace(/^\w*Error: /, '')
      .split('\n')
      .find((l) => l.trim() && !/^\s+at /.test(l)) ?? raw;
  let line = first.trim();
  if (/DINO model/i.test(line) && !line.includes(TEST_DINO_MODEL))
    line += ` (without the network, try the project's test model: --dino-model ${TEST_DINO_MODEL}; it is not DINOv2)`;
  return line;
}

/** Prints the stack of an unexpected error when --debug is on. */
export function debugStack(err: unknown): void {
  if (debug.on && err instanceof Error && err.stack) console.error(err.stack);
}
