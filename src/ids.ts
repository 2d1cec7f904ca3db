/** Call ids for formats that carry none: random by default, sequential for reproducible tests. */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Creates an id generator.
 *
 * @param mode - `'random'`: `call_` and 24 random letters and digits; `'sequential'`: `call_0`, `call_1`...
 * @returns A function giving the next id.
 */
export function createIdGenerator(mode: 'random' | 'sequential'): () => string {
  if (mode === 'sequential') {
    let next = 0;
    return () => `call_${next++}`;
  }
  if (mode !== 'random') {
    throw new TypeError(
      `createParser: "ids" must be 'random' or 'sequential'; got ${String(mode)}`,
    );
  }
  return () => {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    let id = 'call_';
    for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
    return id;
  };
}
