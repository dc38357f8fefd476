import type { Command } from './command.ts';
import { debug, debugStack, errorLine, UsageError } from './command.ts';
import { commands } from './commands/index.ts';

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    "iwr: IWR-Bench in headless Chromium, using the IWR Studio app's own code.",
    '',
    'Usage: iwr <command> [options]     (iwr <command> --help for details)',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Exit codes: 0 done, 1 some tasks failed, 2 bad arguments or data. --debug adds stacks to errors.',
  ].join('\n');
}

export async function main(argv0: string[]): Promise<number> {
  debug.on = argv0.includes('--debug');
  const argv = argv0.filter((a) => a !== '--debug');
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(help());
    return name ? 0 : 2;
  }
  const command: Command | undefined = commands.find((c) => c.name === name);
  if (!command) {
    console.error(`iwr: unknown command "${name}". Run iwr --help for the list.`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(command.usage);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`iwr ${name}: ${err.message}`);
      return 2;
    }
    console.error(`iwr ${name}: ${errorLine(err)}`);
    debugStack(err);
    return 1;
  }
}
