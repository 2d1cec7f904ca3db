/**
 * Call ids: generated for formats that carry none (random by default, sequential for reproducible
 * tests), and made unique where the model wrote its own.
 */
import type { Repair, Span } from './types.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 24;
const PREFIX = 'call_';
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
  // The id's character codes, `call_` written once: one string is made from them per id, where
  // appending 24 letters made 24 strings (a third of a small parse's garbage) and a rope that
  // had to be flattened again when the id was hashed.
  // A plain array: V8 spreads it into `fromCharCode` twice as fast as a typed array.
  const codes = Array.from({ length: PREFIX.length + ID_LENGTH }, (_, index) =>
    index < PREFIX.length ? PREFIX.charCodeAt(index) : 0,
  );
  return () => {
    let filled = PREFIX.length;
    // 248 is the largest multiple of 62 under 256: rejecting bytes above it keeps every letter equally likely.
    while (filled < codes.length) {
      if (used >= pool.length) {
        crypto.getRandomValues(pool);
        used = 0;
      }
      const byte = pool[used++] as number;
      if (byte < 248) codes[filled++] = ALPHABET.charCodeAt(byte % ALPHABET.length);
    }
    return String.fromCharCode(...codes);
  };
}

/**
 * The ids a model wrote itself (Kimi `functions.NAME:IDX`, Cohere `tool_call_id`, OpenAI `id`),
 * kept unique within one output: clients key results by id, so two calls with one id would mix
 * up their results. The first call keeps its id; a repeat gets the first free `<id>_2`, `<id>_3`...
 * Parse and stream claim ids in output order through the same object, so they agree.
 */
export interface OwnIds {
  /** The id `claim(id)` would give now, without claiming it (a stream names a call early). */
  peek(id: string): string;
  /** The id the call gets: `id` when unused so far, else its first free rename. */
  claim(id: string): string;
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
  };
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
