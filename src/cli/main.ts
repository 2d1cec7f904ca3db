#!/usr/bin/env node
/**
 * The `tool-call-parser` executable (`bin` in package.json, `dist/cli/main.js`). Everything it
 * does is in {@link runCli}; this file only binds it to the process.
 */
import { runCli } from './run.js';

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  cwd: process.cwd(),
});
