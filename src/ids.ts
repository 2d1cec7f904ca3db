/** Call ids for formats that carry none: random by default, sequential for reproducible tests. */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 24;
/** Random bytes are drawn for many ids at once: one `getRandomValues` call per id was a sixth of a small parse. */
const POOL_IDS = 64;

/**
 * Creates an id generator.
 *
 * @param mode - `'random'`: `call_` and 24 random letters and digits; `'sequential'`: `call_0`, `call_1`...
 * @returns A function giving the next id.
 * @example
 * ```ts
 * const next = createIdGenerator('sequential');
 * next(); // 'call_0'
 * ```
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
  const pool = new Uint8Array(ID_LENGTH * POOL_IDS);
  // Where the next unused byte of the pool is; past the end, the pool is refilled.
  let used = pool.length;
  return () => {
    if (used >= pool.length) {
      crypto.getRandomValues(pool);
      used = 0;
    }
    let id = 'call_';
    // 248 is the largest multiple of 62 under 256: rejecting bytes above it keeps every letter equally likely.
    while (id.length < 5 + ID_LENGTH) {
      if (used >= pool.length) {
        crypto.getRandomValues(pool);
        used = 0;
      }
      const byte = pool[used++] as number;
      if (byte < 248) id += ALPHABET[byte % ALPHABET.length];
    }
    return id;
  };
}
