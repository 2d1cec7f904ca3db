/** AST of `grammar/seed_oss.peggy`; the function piece is `grammar/xml_function.peggy`'s. */
import type { XmlClose, XmlFunction, XmlStrayText, XmlText } from '../shared/xml-function-ast.js';

/** `<seed:tool_call>` functions `</seed:tool_call>`; `close` says how the section ended. */
export interface SeedOssToolSection {
  type: 'seed-oss-tool-section';
  start: number;
  end: number;
  items: (XmlFunction | XmlStrayText)[];
  close: XmlClose;
}

/** `<seed:think>` reasoning `</seed:think>`; `closed` is false when the output ended first. */
export interface SeedOssThink {
  type: 'seed-oss-think';
  start: number;
  end: number;
  text: XmlText;
  closed: boolean;
}

/** Every node the grammar's start rule gives. */
export type SeedOssNode = SeedOssToolSection | SeedOssThink;
