/**
 * An example custom format: `/tool NAME {json}` lines, added with `defineFormat` and no fork.
 * Run `npm run grammars` first; it compiles `slash_command.peggy` next to this file.
 */
import { match } from 'ts-pattern';
import { defineFormat } from '../../src/index.js';
import type { SlashCommand } from './ast.js';
import { parse } from './generated/slash_command.js';

/** The `x-slash` format: one call per `/tool` line. */
export const slashCommand = defineFormat<SlashCommand>({
  id: 'x-slash',
  models: 'an in-house agent prompted to answer with slash commands',
  markers: ['/tool '],
  // A command is one line: the grammar reads nothing past its first line break, so a stream
  // decides each command as its line ends.
  endMarkers: ['\n', '\r'],
  parse,
  startRule: 'Command',
  lower: (node, helpers) =>
    match(node)
      .with({ type: 'slash-command' }, (command) => {
        const payload = helpers.text.slice(command.payload.start, command.payload.end);
        if (payload.trim() === '') return { calls: [{ name: command.name, arguments: {} }] };
        const read = helpers.readJsonObject(command.payload.start, command.payload.end);
        return read.ok
          ? {
              calls: [
                {
                  name: command.name,
                  arguments: read.value,
                  repairs: read.repairs,
                  complete: read.complete,
                },
              ],
            }
          : { calls: [], issues: [read.issue] };
      })
      .exhaustive(),
});
