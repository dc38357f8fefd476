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
