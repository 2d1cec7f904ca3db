/**
 * The CLI's dispatcher: picks the command, runs it, and turns a caller mistake into one line on
 * stderr and exit code 2. Kept apart from `main.ts` so tests run commands in-process.
 */
import { createRequire } from 'node:module';
import { conformanceCommand, CONFORMANCE_USAGE } from './conformance-command.js';
import { UsageError } from './errors.js';
import type { CliIo } from './io.js';
import { parseCommand, PARSE_USAGE } from './parse-command.js';
import { replayCommand, REPLAY_USAGE } from './replay/command.js';

const COMMANDS: Record<string, (argv: readonly string[], io: CliIo) => Promise<number>> = {
  parse: parseCommand,
  replay: replayCommand,
  conformance: conformanceCommand,
};

/** The text `--help` prints. */
export const HELP = `tool-call-parser: find, parse and check the tool calls in language-model output

usage:
  tool-call-parser ${PARSE_USAGE}
  tool-call-parser ${REPLAY_USAGE}
  tool-call-parser ${CONFORMANCE_USAGE}

exit codes: 0 done, 1 regression against --baseline, 2 a mistake in the command line
`;

/**
 * Runs the CLI.
 *
 * @param argv - The arguments after the program name (`['replay', 'log.jsonl']`).
 * @param io - Streams and working directory.
 * @returns The exit code.
 * @example
 * ```ts
 * process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, cwd: process.cwd() });
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout).write(HELP);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${version()}\n`);
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  try {
    if (command === undefined) {
      throw new UsageError(
        `unknown command "${name}"; use one of: ${Object.keys(COMMANDS).join(', ')} (tool-call-parser --help)`,
      );
    }
    return await command(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`tool-call-parser: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

function version(): string {
  // src/cli/run.ts and dist/cli/run.js both sit two folders below package.json.
  const manifest = createRequire(import.meta.url)('../../package.json') as { version: string };
  return manifest.version;
}
