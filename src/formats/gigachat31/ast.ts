/** AST of `grammar/gigachat31.peggy`: the header before the JSON, the end token after it. */

/** The header up to the JSON call object (trailing whitespace included). */
export interface GigaChat31Header {
  type: 'gigachat31-header';
  start: number;
  end: number;
}

/** The `</s>` end token after the JSON (leading whitespace included). */
export interface GigaChat31Trailer {
  type: 'gigachat31-trailer';
  end: number;
}
