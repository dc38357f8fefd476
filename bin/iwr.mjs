#!/usr/bin/env node
// The `iwr` command. The CLI is TypeScript under src/cli/, run through tsx so it shares the
// app's own modules (task parsing, scoring) with no separate build; browser work runs in
// the built app inside headless Chromium.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
