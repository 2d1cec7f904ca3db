/** AST of `grammar/tag_attr.peggy`. */

/** One `name="value"` attribute of the open tag. */
export interface TagAttribute {
  name: string;
  value: string;
  offset: number;
}

/** `<tool name="...">` JSON body `</tool>`; `closed` is false when the output ended first. */
export interface TagAttrSection {
  type: 'tag-attr-section';
  start: number;
  attributes: TagAttribute[];
  payload: { start: number; end: number };
  closed: boolean;
}
