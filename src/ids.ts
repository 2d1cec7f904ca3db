/**
 * Call ids: generated for formats that carry none (random by default, sequential for reproducible
 * tests), and made unique where the model wrote its own.
 */
import type { Repair, Span } from './types.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Letters after the prefix; even, since they are drawn two at a time. */
const ID_LENGTH = 24;
const PREFIX = 'call_';
/** Ids per batch (see `createIdGenerator`): the first batch, and the most one batch holds. */
const FIRST_BATCH_IDS = 16;
const MAX_BATCH_IDS = 512;
/** The letters are ASCII, which latin1 decodes one byte to one unit. */
const LATIN1 = new TextDecoder('latin1');
const ID_SIZE = PREFIX.length + ID_LENGTH;
/** A draw of 12 bits has 4,096 values; the first 62 × 62 of them stand for a letter pair. */
const PAIR_DRAW_MASK = 0xfff;
const PAIRS = ALPHABET.length * ALPHABET.length;
/**
 * The two letters each 12-bit draw stands for (the first in the low byte), or 0 for a draw that is
 * drawn again: keeping only the 3,844 draws under 62 × 62 keeps every pair, hence every letter of
 * it, equally likely. One draw a pair, not one a letter, halves the loop that writes the letters;
 * the table is 8 KB.
 */
const LETTER_PAIR_OF_DRAW = Uint16Array.from({ length: PAIR_DRAW_MASK + 1 }, (_, draw) =>
  draw < PAIRS
    ? ALPHABET.charCodeAt(draw % ALPHABET.length) |
      (ALPHABET.charCodeAt(Math.floor(draw / ALPHABET.length)) << 8)
    : 0,
);

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
  // Ids are made in batches: random words for the whole batch in one `getRandomValues`, its
  // letters written into one byte buffer (each id's `call_` is written once per buffer), and one
  // string decoded from it, of which each id is a flat slice. Made one by one, an id cost about a
  // tenth of a small parse. Batches start small (a parser that reads one output pays little) and
  // double up to MAX_BATCH_IDS.
  let batchIds = FIRST_BATCH_IDS / 2;
  // Random 16-bit words, of which each letter pair uses the low 12 bits.
  let pool = new Uint16Array(0);
  let letters = new Uint8Array(0);
  let batch = '';
  let taken = 0;
  // Where the next unused word of the pool is; past the end, the pool is refilled.
  let used = 0;
  const refill = (): void => {
    if (batchIds < MAX_BATCH_IDS) {
      batchIds *= 2;
      pool = new Uint16Array((batchIds * ID_LENGTH) / 2);
      used = pool.length;
      letters = new Uint8Array(batchIds * ID_SIZE);
      for (let start = 0; start < letters.length; start += ID_SIZE) {
        for (let index = 0; index < PREFIX.length; index += 1) {
          letters[start + index] = PREFIX.charCodeAt(index);
        }
      }
    }
    // Locals, not the closure's variables: the loop runs once per letter pair.
    const words = pool;
    const out = letters;
    let next = used;
    for (let start = PREFIX.length; start < out.length; start += ID_SIZE) {
      const end = start + ID_LENGTH;
      let at = start;
      while (at < end) {
        if (next >= words.length) {
          crypto.getRandomValues(words);
          next = 0;
        }
        const pair = LETTER_PAIR_OF_DRAW[(words[next++] as number) & PAIR_DRAW_MASK] as number;
        if (pair !== 0) {
          out[at] = pair & 0xff;
          out[at + 1] = pair >>> 8;
          at += 2;
        }
      }
    }
    used = next;
    batch = LATIN1.decode(letters);
    taken = 0;
  };
  return () => {
    if (taken * ID_SIZE >= batch.length) refill();
    const start = taken * ID_SIZE;
    taken += 1;
    return batch.slice(start, start + ID_SIZE);
  };
}

/**
 * The ids of one output. Those a model wrote itself (Kimi `functions.NAME:IDX`, Cohere
 * `tool_call_id`, OpenAI `id`) are kept unique: clients key results by id, so two calls with one
 * id would mix up their results. The first call keeps its id; a repeat gets the first free
 * `<id>_2`, `<id>_3`... The ids the parser generates for the other calls are noted too: a written
 * id that one already took is renamed the same way, and a generated id a model already wrote is
 * drawn again (a model writes `call_0` as readily as sequential ids give it). Parse and stream
 * claim and draw ids in output order through the same object, so they agree.
 */
export interface OwnIds {
  /** The id `claim(id)` would give now, without claiming it (a stream names a call early). */
  peek(id: string): string;
  /** The id the call gets: `id` when unused so far, else its first free rename. */
  claim(id: string): string;
  /**
   * Notes an id the parser generated for a call of this output.
   *
   * @returns False, noting nothing, when a written id already took it: the caller draws another.
   */
  generated(id: string): boolean;
}

/**
 * Creates the ledger of one output's own ids.
 *
 * @returns An empty ledger.
 * @example
 * ```ts
 * const own = createOwnIds();
 * own.claim('functions.f:0'); // 'functions.f:0'
 * own.claim('functions.f:0'); // 'functions.f:0_2'
 * ```
 */
export function createOwnIds(): OwnIds {
  const taken = new Set<string>();
  // Per written id, the suffix to try next: a flood of one repeated id stays linear.
  const nextSuffix = new Map<string, number>();
  const free = (id: string): { id: string; suffix: number } => {
    if (!taken.has(id)) return { id, suffix: 0 };
    let suffix = nextSuffix.get(id) ?? 2;
    while (taken.has(`${id}_${suffix}`)) suffix += 1;
    return { id: `${id}_${suffix}`, suffix };
  };
  return {
    peek: (id) => free(id).id,
    claim(id) {
      const found = free(id);
      taken.add(found.id);
      if (found.suffix !== 0) nextSuffix.set(id, found.suffix + 1);
      return found.id;
    },
    generated(id) {
      if (taken.has(id)) return false;
      taken.add(id);
      return true;
    },
  };
}

/**
 * Draws a generated id that no written id of the output took, and notes it.
 *
 * @param next - The parser's id generator (it never gives one id twice).
 * @param own - The output's ledger.
 * @returns The id. Each written id turns away at most one draw, so the loop ends.
 * @example
 * ```ts
 * const own = createOwnIds();
 * own.claim('call_0');
 * drawUnique(createIdGenerator('sequential'), own); // 'call_1'
 * ```
 */
export function drawUnique(next: () => string, own: OwnIds): string {
  for (;;) {
    const id = next();
    if (own.generated(id)) return id;
  }
}

/**
 * Gives a call that carries its own id a unique one, recording a `duplicate-id` repair when it
 * had to be renamed. Calls without an id are returned as they are (their id is generated).
 *
 * @param call - The call, as phase 1 read it.
 * @param own - The output's ledger.
 * @returns The call itself, or a copy with the new id and the repair.
 */
export function claimOwnId<T extends { id?: string; span: Span; repairs: Repair[] }>(
  call: T,
  own: OwnIds,
): T {
  if (call.id === undefined) return call;
  const id = own.claim(call.id);
  if (id === call.id) return call;
  const repair: Repair = {
    kind: 'duplicate-id',
    offset: call.span.start,
    detail: `the id ${JSON.stringify(call.id)} was already used by an earlier call; renamed ${JSON.stringify(id)}`,
  };
  return { ...call, id, repairs: [...call.repairs, repair] };
}
