/** AST of `grammar/gigachat3.peggy`: the header before the JSON, the end token after it. */

/** The header up to the JSON call object (trailing whitespace included). */
export interface GigaChat3Header {
  type: 'gigachat3-header';
  start: number;
  end: number;
}

/** The `</s>` end token after the JSON (leading whitespace included). */
export interface GigaChat3Trailer {
  type: 'gigachat3-trailer';
  end: number;
}
