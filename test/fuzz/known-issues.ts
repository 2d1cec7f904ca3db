/**
 * Problems the fuzz properties find that belong to modules still being written, each with its
 * reason (ajv's skip list). The properties count them instead of failing; `npm run fuzz` prints
 * how often each was met. Remove an entry once its fix lands: the properties then enforce it.
 */
export const KNOWN_ISSUES: Readonly<Record<string, string>> = {
  'stream-quoted-offset':
    'src/stream/section.ts shifts `offset` of issues read on a window of the output, but not the positions formats quote in messages ("... at 13"), which then end up in envelopes that differ from parse.',
};
