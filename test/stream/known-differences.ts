/**
 * Corpus cases where a stream's fold differs from `parse`, each with its reason (ajv's skip
 * list). Matched by case id prefix and, when given, the chunker.
 */
export const KNOWN_DIFFERENCES: readonly { id: string; chunker?: string; reason: string }[] = [];

/**
 * Whether a case is a documented difference under a chunker.
 *
 * @param id - The corpus case id.
 * @param chunker - The chunker's name.
 * @returns The reason, or `undefined`.
 */
export function knownDifference(id: string, chunker: string): string | undefined {
  return KNOWN_DIFFERENCES.find(
    (entry) =>
      id.startsWith(entry.id) && (entry.chunker === undefined || entry.chunker === chunker),
  )?.reason;
}
