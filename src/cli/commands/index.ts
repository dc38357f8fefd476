// Every command, one file each. Add a command: write commands/<name>.ts exporting a
// `Command`, then list it here.
import type { Command } from '../command.ts';
import { report } from './report.ts';
import { score } from './score.ts';
import { validate } from './validate.ts';
import { generate } from './generate.ts';
import { evalCommand } from './eval.ts';
import { batch } from './batch.ts';
import { merge } from './merge.ts';
import { verify } from './verify.ts';
import { resolve } from './resolve.ts';
import { resolveCompare } from './resolve-compare.ts';
import { replay } from './replay.ts';
import { selftest } from './selftest.ts';
import { record } from './record.ts';

export const commands: Command[] = [
  validate,
  evalCommand,
  score,
  report,
  generate,
  batch,
  merge,
  verify,
  resolve,
  resolveCompare,
  replay,
  selftest,
  record,
];
