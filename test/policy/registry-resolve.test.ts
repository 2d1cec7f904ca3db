import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolRegistry } from '../../src/policy/tools.js';
import { createNameResolver, type NameMatching } from '../../src/resolve/names.js';

const TOOLS = [
  { name: 'get_weather', parameters: { type: 'object' }, effect: 'read' as const },
  { name: 'Get_Weather_v2', parameters: { type: 'object' }, effect: 'read' as const },
  { name: 'ns.send_mail', parameters: { type: 'object' }, effect: 'write' as const },
  { name: 'drop_table', parameters: { type: 'object' }, effect: 'destructive' as const },
];

/** Written names near the manifest's: exact, case-changed, namespaced, punctuated, random. */
const written = fc.oneof(
  fc.constantFrom(...TOOLS.map((tool) => tool.name)),
  fc
    .tuple(
      fc.constantFrom(...TOOLS.map((tool) => tool.name)),
      fc.constantFrom('upper', 'lower', 'ns', 'dash'),
    )
    .map(([name, change]) =>
      change === 'upper'
        ? name.toUpperCase()
        : change === 'lower'
          ? name.toLowerCase()
          : change === 'ns'
            ? `tools.${name}`
            : name.replaceAll('_', '-'),
    ),
  fc.constantFrom('__proto__', 'constructor', 'toString', ''),
  fc.string({ maxLength: 16 }),
);

describe('registry.resolve', () => {
  for (const matching of ['exact', 'ladder'] as NameMatching[]) {
    const registry = createToolRegistry(TOOLS, matching);
    const resolver = createNameResolver(TOOLS, matching);

    it(`gives the name resolver's answer with the pinned tool (${matching})`, () => {
      fc.assert(
        fc.property(written, (name) => {
          const expected = resolver.resolve(name);
          const got = registry.resolve(name);
          if (expected === undefined) {
            expect(got).toBeUndefined();
            return;
          }
          expect(got?.name).toBe(expected.name);
          expect(got?.match).toBe(expected.match);
          expect(got?.tool.name).toBe(expected.name);
        }),
        { numRuns: 2000 },
      );
    });
  }

  it('answers an exact name with a frozen resolution shared across calls', () => {
    const registry = createToolRegistry(TOOLS, 'exact');
    const first = registry.resolve('get_weather');
    expect(first).toMatchObject({ name: 'get_weather', match: 'exact' });
    expect(first?.tool.effect).toBe('read');
    expect(Object.isFrozen(first)).toBe(true);
    expect(registry.resolve('get_weather')).toBe(first);
    expect(registry.resolve('GET_WEATHER')).toBeUndefined();
    expect(registry.resolve('__proto__')).toBeUndefined();
  });
});
