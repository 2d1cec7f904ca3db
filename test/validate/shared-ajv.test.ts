import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { createSharedCompiler, exactJson } from '../../src/validate/shared-ajv.js';

const ORDER = {
  type: 'object',
  properties: { sku: { type: 'string' }, count: { type: 'integer', minimum: 1 } },
  required: ['sku'],
};

/** A new object with the same content: what a server builds from its tool list per request. */
const fresh = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('the ajv compiler shared by every parser', () => {
  it('should hand out one validator for schemas with the same content, dialect and coercion', () => {
    const compiler = createSharedCompiler({ validators: 8, compilesPerInstance: 8 });
    const first = compiler.compile('2020-12', false, fresh(ORDER));
    expect(compiler.compile('2020-12', false, fresh(ORDER))).toBe(first);
    expect(compiler.compile('2020-12', true, fresh(ORDER))).not.toBe(first);
    expect(compiler.compile('draft-07', false, fresh(ORDER))).not.toBe(first);
    const wider = { ...fresh(ORDER), required: [] };
    expect(compiler.compile('2020-12', false, wider)).not.toBe(first);
    expect(compiler.stats().validatorsKept).toBe(4);
  });

  it('should compile again a schema JSON cannot write exactly, never take another one', () => {
    const compiler = createSharedCompiler({ validators: 8, compilesPerInstance: 8 });
    const epoch = '1970-01-01T00:00:00.000Z';
    const dated = { type: 'object', properties: { d: { const: new Date(0) } } };
    expect(exactJson(dated)).toBeUndefined();
    expect(compiler.compile('2020-12', false, dated)({ d: epoch })).toBe(false);
    // Written as JSON the two read alike, but only this one accepts the text.
    const text = { type: 'object', properties: { d: { const: epoch } } };
    expect(compiler.compile('2020-12', false, text)({ d: epoch })).toBe(true);
    expect(exactJson({ a: [1, undefined] })).toBeUndefined();
    expect(exactJson({ a: Infinity })).toBeUndefined();
    expect(exactJson({ a: [1, 'b', null, { c: true }] })).toBe('{"a":[1,"b",null,{"c":true}]}');
  });

  it('should drop the least recently used validator past its limit', () => {
    const compiler = createSharedCompiler({ validators: 2, compilesPerInstance: 100 });
    const schema = (limit: number) => ({ type: 'object', properties: { s: { maxLength: limit } } });
    const one = compiler.compile('2020-12', false, schema(1));
    const two = compiler.compile('2020-12', false, schema(2));
    // Used again, `one` is now the more recent: the third schema pushes `two` out.
    expect(compiler.compile('2020-12', false, schema(1))).toBe(one);
    compiler.compile('2020-12', false, schema(3));
    expect(compiler.stats().validatorsKept).toBe(2);
    expect(compiler.compile('2020-12', false, schema(1))).toBe(one);
    const twoAgain = compiler.compile('2020-12', false, schema(2));
    expect(twoAgain).not.toBe(two);
    expect(twoAgain({ s: 'abc' })).toBe(false);
  });

  it('should replace an instance after its compiles, leaving the validators it made working', () => {
    const compiler = createSharedCompiler({ validators: 1, compilesPerInstance: 2 });
    const schema = (limit: number) => ({ type: 'object', properties: { n: { maximum: limit } } });
    const made = [1, 2, 3, 4, 5].map((limit) => compiler.compile('2020-12', false, schema(limit)));
    expect(compiler.stats().instancesMade).toBe(3);
    made.forEach((validate, index) => {
      expect(validate({ n: index + 1 })).toBe(true);
      expect(validate({ n: index + 2 })).toBe(false);
    });
  });

  it('should leave nothing of a schema registered under its ids once compiled', () => {
    const compiler = createSharedCompiler({ validators: 8, compilesPerInstance: 8 });
    const tree = {
      $id: 'https://example.com/tree',
      type: 'object',
      properties: { leaf: { $ref: 'leaf' }, kids: { type: 'array', items: { $ref: '#' } } },
      $defs: { leaf: { $id: 'leaf', type: 'string' } },
    };
    const first = compiler.compile('2020-12', false, tree);
    expect(first({ leaf: 'a', kids: [{ leaf: 'b' }] })).toBe(true);
    expect(first({ leaf: 'a', kids: [{ leaf: 2 }] })).toBe(false);
    // The same ids for other content: no "already exists", no "more than one schema".
    const other = fresh(tree);
    other.$defs.leaf = { $id: 'leaf', type: 'string', maxLength: 1 } as typeof tree.$defs.leaf;
    const second = compiler.compile('2020-12', false, other);
    expect(second({ leaf: 'ab' })).toBe(false);
    expect(first({ leaf: 'ab' })).toBe(true);
    // Nor can another schema reach it by its $id, or reach an inner id it no longer declares.
    const pointing = { type: 'object', properties: { t: { $ref: 'https://example.com/tree' } } };
    expect(() => compiler.compile('2020-12', false, pointing)).toThrow(/resolve/);
    const undeclared = fresh(tree) as Record<string, unknown>;
    undeclared['$defs'] = { leaf: { type: 'string' } };
    expect(() => compiler.compile('2020-12', false, undeclared)).toThrow(/resolve/);
  });

  it('should let a schema ajv refused leave its $id free for the next one', () => {
    const compiler = createSharedCompiler({ validators: 8, compilesPerInstance: 8 });
    const broken = { $id: 'https://example.com/order', type: 'object', minProperties: 'two' };
    expect(() => compiler.compile('2020-12', false, broken)).toThrow();
    const fixed = { $id: 'https://example.com/order', type: 'object', minProperties: 2 };
    expect(compiler.compile('2020-12', false, fixed)({ a: 1 })).toBe(false);
  });
});

describe('parsers made for the same and for different tools', () => {
  const call = (name: string, args: unknown) =>
    `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

  it("should check each parser's calls against its own schema when two tools share a $id", () => {
    const tool = (type: string) => ({
      name: 'set_level',
      effect: 'read' as const,
      parameters: {
        $id: 'https://example.com/level',
        type: 'object',
        properties: { level: { type } },
        required: ['level'],
      },
    });
    const numeric = createParser({ formats: ['hermes'], tools: [tool('integer')] });
    const named = createParser({ formats: ['hermes'], tools: [tool('string')] });
    expect(numeric.parse(call('set_level', { level: 3 })).calls).toHaveLength(1);
    expect(numeric.parse(call('set_level', { level: 'high' })).rejected[0]?.reason).toBe(
      'schema-violation',
    );
    expect(named.parse(call('set_level', { level: 'high' })).calls).toHaveLength(1);
    expect(named.parse(call('set_level', { level: 3 })).rejected[0]?.reason).toBe(
      'schema-violation',
    );
  });

  it('should accept two tools of one parser with the same $id, each checked by its own', () => {
    const parser = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'a',
          effect: 'read',
          parameters: { $id: 'https://example.com/same', properties: { x: { type: 'string' } } },
        },
        {
          name: 'b',
          effect: 'read',
          parameters: { $id: 'https://example.com/same', properties: { x: { type: 'number' } } },
        },
      ],
    });
    expect(parser.parse(call('a', { x: 'text' })).calls).toHaveLength(1);
    expect(parser.parse(call('b', { x: 'text' })).rejected).toHaveLength(1);
    expect(parser.parse(call('b', { x: 1 })).calls).toHaveLength(1);
  });

  it("should refuse with a TypeError a schema that refers to another tool's $id", () => {
    expect(() =>
      createParser({
        tools: [
          { name: 'a', parameters: { $id: 'https://example.com/a', type: 'object' } },
          {
            name: 'b',
            parameters: { type: 'object', properties: { y: { $ref: 'https://example.com/a' } } },
          },
        ],
      }),
    ).toThrow(/tool "b".*resolve reference/);
  });
});
