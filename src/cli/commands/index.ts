// Every command, one file each. Add a command: write commands/<name>.ts exporting a
// `Command`, then list it here.
import type { Command } from '../command.ts';

export const commands: Command[] = [];
