/** `openai_json`: the whole output is `{"tool_calls": [...]}` with JSON-string arguments (a fallback syntax). */
import { parse } from '../../generated/openai_json.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import { mayOpenOutput } from '../shared/whole-json.js';
import type { OpenaiJsonSection } from './ast.js';
import { lowerOpenaiJson } from './lower.js';

/** The openai_json format. */
export const openai_json: Format = {
  id: 'openai_json',
  syntax: 'bare',
  models: 'models that write the OpenAI tool_calls object as text',
  markers: ['{', '```'],
  parseAt(context, start) {
    // The lowering declines any other start: spare the grammar run on each `{` in prose.
    if (!mayOpenOutput(context, start)) return undefined;
    const matched = runGrammar<OpenaiJsonSection>(parse, context.text, start, 'Section');
    return matched === undefined ? undefined : lowerOpenaiJson(matched.node, context);
  },
};
