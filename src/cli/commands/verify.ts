import type { Command } from '../command.ts';
export const verify: Command = { name: 'verify', summary: 'x', usage: 'x', run: () => Promise.resolve(2) };
