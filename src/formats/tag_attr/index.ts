/** `tag_attr`: `<tool name="search_web">{"query": "..."}</tool>`, the fallback playbook's primary. */
import { parse } from '../../generated/tag_attr.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { TagAttrSection } from './ast.js';
import { lowerTagAttr } from './lower.js';

/** The tag_attr format. */
export const tag_attr: Format = {
  id: 'tag_attr',
  syntax: 'marked',
  models: 'any model prompted with the explicit-tag contract (<tool name="...">)',
  markers: ['<tool '],
  parseAt(context, start) {
    const matched = runGrammar<TagAttrSection>(parse, context.text, start, 'Section');
    return matched === undefined ? undefined : lowerTagAttr(matched.node, matched.end, context);
  },
};
