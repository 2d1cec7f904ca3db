import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { closestNames, editDistance } from '../../src/resolve/closest.js';
import { createNameResolver } from '../../src/resolve/names.js';
import { hermes, TOOLS } from '../policy/fixtures.js';

describe('name resolution', () => {
  const ladder = createParser({
    formats: ['hermes'],
    tools: TOOLS,
    policy: { nameMatching: 'ladder' },
  });
  const exact = createParser({ formats: ['hermes'], tools: TOOLS });

  it('should match exactly by default and refuse a differently cased name', () => {
    const result = exact.parse(hermes('Get_Weather', { city: 'Ghent' }));
    expect(result.calls).toEqual([]);
    expect(result.rejected[0]?.reason).toBe('unknown-tool');
  });

  it('should resolve a differently cased name on the ladder and record the rung', () => {
    const result = ladder.parse(hermes('GET_WEATHER', { city: 'Ghent' }));
    expect(result.calls[0]?.name).toBe('get_weather');
    expect(result.calls[0]?.nameMatch).toBe('case-insensitive');
    expect(result.telemetry[0]?.name_match).toBe('case-insensitive');
    expect(result.calls[0]?.repairs).toContainEqual(
      expect.objectContaining({ kind: 'name-normalized' }),
    );
  });

  it('should resolve a namespaced name by its tail', () => {
    const call = ladder.parse(hermes('functions.get_weather', { city: 'Ghent' })).calls[0];
    expect([call?.name, call?.nameMatch]).toEqual(['get_weather', 'namespace-tail']);
  });

  it('should resolve a loosely spelled name by its letters and digits', () => {
    const call = ladder.parse(hermes('get-weather', { city: 'Ghent' })).calls[0];
    expect([call?.name, call?.nameMatch]).toEqual(['get_weather', 'loose']);
  });

  it('should never reach a destructive tool through a loose rung', () => {
    for (const written of ['DELETE_TICKET', 'functions.delete_ticket', 'delete-ticket']) {
      const result = ladder.parse(hermes(written, { id: 'T-1' }));
      expect(result.calls).toEqual([]);
      expect(result.rejected[0]?.reason).toBe('unknown-tool');
    }
    expect(ladder.parse(hermes('delete_ticket', { id: 'T-1' })).calls[0]?.nameMatch).toBe('exact');
  });

  it('should refuse a loose rung that matches more than one tool', () => {
    const resolver = createNameResolver(
      [
        { name: 'getTime', effect: 'read' },
        { name: 'get_time', effect: 'read' },
      ],
      'ladder',
    );
    expect(resolver.resolve('GET-TIME')).toBeUndefined();
    // The tighter rung finds exactly one tool, so it decides before the ambiguous loose rung.
    expect(resolver.resolve('GETTIME')).toEqual({ name: 'getTime', match: 'case-insensitive' });
    expect(resolver.resolve('get_time')).toEqual({ name: 'get_time', match: 'exact' });
  });

  it('should compare names in any script on the loose rung, and never match on nothing', () => {
    const resolver = createNameResolver(
      [
        { name: '获取天气', effect: 'read' },
        { name: 'send_mail', effect: 'write' },
      ],
      'ladder',
    );
    // Letters outside a-z are letters: a name in another script, or all punctuation, is not the
    // same name as every other one (they all had the empty key).
    for (const written of ['删除所有文件', '!!!', '___', 'functions.']) {
      expect(resolver.resolve(written)).toBeUndefined();
    }
    expect(resolver.resolve('获取 天气')).toEqual({ name: '获取天气', match: 'loose' });
    // Full-width forms fold to their ASCII letters.
    expect(resolver.resolve('ＳＥＮＤ_ＭＡＩＬ')).toEqual({ name: 'send_mail', match: 'loose' });
  });

  it('should list the closest allowed names for an unknown tool', () => {
    const envelope = exact.parse(hermes('get_wether', { city: 'A' })).rejected[0]?.envelope;
    expect(envelope?.error).toBe('unknown_tool');
    expect(envelope?.allowed?.[0]).toBe('get_weather');
    expect(envelope?.allowed).toHaveLength(3);
  });

  it('should rank names by edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(closestNames('serch', ['get_time', 'search', 'sketch'], 2)).toEqual([
      'search',
      'sketch',
    ]);
  });
});
