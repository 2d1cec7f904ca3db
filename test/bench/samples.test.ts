import { describe, expect, it } from 'vitest';
import { createParser, formatIds } from '../../src/index.js';
import { growthInputs, hermesInputs, hermesTools } from '../../scripts/bench/inputs.js';
import { listSamples, sampleTools, withLongArgument } from '../../scripts/bench/samples.js';

// The bench times these inputs; a sample that no longer reads as its call would time a failure.
describe('bench inputs', () => {
  it('should have one sample per format id', () => {
    expect(listSamples(formatIds).map((sample) => sample.format)).toEqual(formatIds);
  });

  it.each(listSamples(formatIds))(
    'should read the $format sample as one valid call, forced and auto',
    (sample) => {
      for (const formats of [[sample.format], 'auto'] as const) {
        const result = createParser({ formats, tools: sampleTools }).parse(sample.text);
        expect(result.calls.map((call) => call.name)).toEqual([sample.tool]);
      }
    },
  );

  it.each(listSamples(formatIds))(
    'should read the $format sample with a long string argument as that call, forced',
    (sample) => {
      const long = withLongArgument(sample, 4096);
      expect(long).toBeDefined();
      if (long === undefined) return;
      expect(long.value).toHaveLength(4095);
      const [call, ...rest] = createParser({ formats: [sample.format] }).parse(long.text).calls;
      expect([call?.name, rest.length]).toEqual([sample.tool, 0]);
      expect(Object.values(call?.arguments ?? {})).toContain(long.value);
    },
  );

  it.each(hermesInputs())('should read every call of $id, phase 1+2', (input) => {
    const result = createParser({ formats: ['hermes'], tools: hermesTools }).parse(input.text);
    expect(result.calls).toHaveLength(input.payloads.length);
  });

  it('should read the python-strings growth input as calls, or it would time declined text', () => {
    const input = growthInputs(1 / 256).find((family) => family.id === 'python-strings');
    expect(input?.base).toBe(39);
    const text = input?.make(input.base) ?? '';
    const result = createParser({ formats: ['pythonic'] }).parse(text);
    expect(result.calls).toHaveLength(39);
    expect(result.calls[38]?.arguments).toEqual({ text: 'the parcel left the depot at 38' });
  });

  it('should read the unknown-tools growth input as calls refused as unknown, each name once', () => {
    const input = growthInputs(1 / 256).find((family) => family.id === 'unknown-tools');
    const text = input?.make(input.base) ?? '';
    const result = createParser({ formats: ['hermes'], tools: hermesTools }).parse(text);
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((rejection) => rejection.reason)).toEqual(
      Array.from({ length: input?.base ?? 0 }, () => 'unknown-tool'),
    );
    expect(new Set(result.rejectedToolNames).size).toBe(input?.base);
  });

  it('should double every growth input exactly', () => {
    for (const input of growthInputs(1 / 256)) {
      expect(input.make(2 * input.base).length).toBeGreaterThan(input.make(input.base).length);
    }
  });
});
