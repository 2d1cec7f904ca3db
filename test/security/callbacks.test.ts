/**
 * The caller's callbacks are code the library does not control: a `checkArguments` hook or an
 * `onTelemetry` callback that throws, answers oddly or tries to change what it is shown never
 * breaks parsing and never lets a call through.
 */
import { describe, expect, it } from 'vitest';
import { createParser, foldEvents } from '../../src/index.js';
import type {
  ArgumentCheck,
  ParseResult,
  TelemetryRecord,
  ToolDefinition,
} from '../../src/index.js';

const TOOLS: ToolDefinition[] = [
  {
    name: 'delete_file',
    effect: 'destructive',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string', pattern: '^/tmp/' } },
      required: ['path'],
    },
  },
];
const CALL = '<tool_call>{"name": "delete_file", "arguments": {"path": "/tmp/a"}}</tool_call>';
const BAD_CALL =
  '<tool_call>{"name": "delete_file", "arguments": {"path": "/etc/passwd"}}</tool_call>';

/** Parses one output and streams it too, in one piece and one unit at a time. */
function both(options: Parameters<typeof createParser>[0], text: string): ParseResult[] {
  const parser = createParser({ ...options, ids: 'sequential' });
  const result = parser.parse(text);
  const folds = [[text], [...text]].map((deltas) => {
    const stream = parser.stream();
    const events = deltas.flatMap((delta) => stream.push(delta));
    return foldEvents([...events, ...stream.end()]);
  });
  return [
    result,
    ...folds.map((fold) => ({ ...result, calls: fold.calls, rejected: fold.rejected })),
  ];
}

const HOSTILE_HOOKS: [string, ArgumentCheck][] = [
  [
    'throws an Error',
    () => {
      throw new Error('session store down');
    },
  ],
  [
    'throws null',
    () => {
      throw null;
    },
  ],
  ['returns a promise', (async () => true) as unknown as ArgumentCheck],
  [
    'returns a thenable that throws',
    () =>
      ({
        then: () => {
          throw new Error('then');
        },
      }) as never,
  ],
  [
    'returns a verdict whose getter throws',
    () => ({
      get field(): string {
        throw new Error('getter');
      },
    }),
  ],
  [
    'returns a Proxy that throws on every read',
    () =>
      new Proxy(
        {},
        {
          get() {
            throw new Error('proxy');
          },
        },
      ) as never,
  ],
  ['returns a symbol', () => Symbol('yes') as never],
  [
    'overflows the stack',
    function recurse(call, context): never {
      return recurse(call, context) as never;
    },
  ],
];

describe('a checkArguments hook that misbehaves', () => {
  it.each(HOSTILE_HOOKS)(
    'should refuse the call as hook-failed when the hook %s, in parse and stream',
    (_label, hook) => {
      for (const result of both(
        { formats: ['hermes'], tools: TOOLS, policy: { checkArguments: hook } },
        CALL,
      )) {
        expect(result.calls).toEqual([]);
        expect(
          result.rejected.map((rejection) => [rejection.reason, rejection.envelope.error]),
        ).toEqual([['hook-failed', 'hook_failed']]);
      }
    },
  );

  it('should run the call as validated even when the hook mutates what it is shown', () => {
    const hook: ArgumentCheck = (call) => {
      try {
        (call.arguments as Record<string, unknown>)['path'] = '/etc/passwd';
      } catch {
        // Frozen: the assignment throws in strict mode. Either way nothing may change.
      }
      return true;
    };
    for (const result of both(
      { formats: ['hermes'], tools: TOOLS, policy: { checkArguments: hook } },
      CALL,
    )) {
      expect(result.calls.map((call) => call.arguments)).toEqual([{ path: '/tmp/a' }]);
    }
  });

  it('should never be asked about a call that failed its schema', () => {
    const seen: string[] = [];
    const hook: ArgumentCheck = (call) => {
      seen.push(String(call.arguments['path']));
      return true;
    };
    const [result] = both(
      { formats: ['hermes'], tools: TOOLS, policy: { checkArguments: hook } },
      BAD_CALL,
    );
    expect(result!.calls).toEqual([]);
    expect(result!.rejected.map((rejection) => rejection.reason)).toEqual(['schema-violation']);
    expect(seen).toEqual([]);
  });
});

describe('an onTelemetry callback that misbehaves', () => {
  const callbacks: [string, (record: unknown) => void][] = [
    [
      'throws',
      () => {
        throw new Error('collector down');
      },
    ],
    [
      'throws an object whose message getter throws',
      () => {
        throw {
          get message(): string {
            throw new Error('message');
          },
        };
      },
    ],
    [
      'rewrites the record it gets',
      (record) => {
        Object.assign(record as object, {
          outcome: 'accepted',
          tool: 'delete_file',
          schema_validation: 'pass',
        });
      },
    ],
    [
      'overflows the stack',
      function recurse(record): void {
        recurse(record);
      },
    ],
  ];

  it.each(callbacks)('should change nothing when the callback %s', (_label, onTelemetry) => {
    const quiet = createParser({ formats: ['hermes'], tools: TOOLS, ids: 'sequential' });
    for (const text of [CALL, BAD_CALL, `${CALL}\n${BAD_CALL}`]) {
      const results = both({ formats: ['hermes'], tools: TOOLS, onTelemetry }, text);
      const expected = quiet.parse(text);
      for (const result of results) {
        expect(result.calls.map((call) => [call.name, call.arguments])).toEqual(
          expected.calls.map((call) => [call.name, call.arguments]),
        );
        expect(result.rejected.map((rejection) => rejection.reason)).toEqual(
          expected.rejected.map((rejection) => rejection.reason),
        );
      }
      expect(results[0]!.telemetry.map((record) => record.outcome)).toEqual(
        expected.telemetry.map((record) => record.outcome),
      );
    }
    expect(quiet.parse(BAD_CALL).calls).toEqual([]);
  });

  it('should hand the callback a record whose lists and timings are its own', () => {
    // A trailing comma: the record lists one repair, which the callback then rewrites in place.
    const repaired =
      '<tool_call>{"name": "delete_file", "arguments": {"path": "/tmp/a",}}</tool_call>';
    const seen: TelemetryRecord[] = [];
    const parser = createParser({
      formats: ['hermes'],
      tools: TOOLS,
      onTelemetry: (record) => {
        seen.push(record);
        record.repairs.push('unquoted-key');
        record.repairs[0] = 'comment';
        record.timings.extractMs = -1;
        record.timings.decideMs = -1;
        record.flags = ['possible-prompt-injection'];
      },
    });
    const [record] = parser.parse(repaired).telemetry;
    expect(record?.repairs).toEqual(['trailing-comma']);
    expect(record?.timings.extractMs).toBeGreaterThanOrEqual(0);
    expect(record?.timings.decideMs).toBeGreaterThanOrEqual(0);
    expect(record?.flags).toBeUndefined();
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toBe(record);
  });

  it('should keep recordToolResult working when the callback throws', () => {
    const parser = createParser({
      formats: ['hermes'],
      tools: TOOLS,
      onTelemetry: () => {
        throw new Error('down');
      },
    });
    const [call] = parser.parse(CALL).calls;
    expect(parser.recordToolResult(call!.id, 'ok')?.tool_result_status).toBe('ok');
  });
});

/** Rejections nobody handled while `run` and the turns after it ran. */
async function unhandledDuring(run: () => void): Promise<unknown[]> {
  const seen: unknown[] = [];
  const listener = (reason: unknown): void => {
    seen.push(reason);
  };
  process.on('unhandledRejection', listener);
  try {
    run();
    // Node reports an unhandled rejection once the microtasks after it have run.
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off('unhandledRejection', listener);
  }
  return seen;
}

describe('a callback that answers with a promise that rejects', () => {
  it('should refuse the call as hook-failed and leave no unhandled rejection for an async checkArguments', async () => {
    const hook = (async () => {
      throw new Error('db down');
    }) as unknown as ArgumentCheck;
    let results: ParseResult[] = [];
    const seen = await unhandledDuring(() => {
      results = both({ formats: ['hermes'], tools: TOOLS, policy: { checkArguments: hook } }, CALL);
    });
    expect(seen).toEqual([]);
    for (const result of results) {
      expect(result.rejected.map((rejection) => rejection.reason)).toEqual(['hook-failed']);
    }
  });

  it('should leave no unhandled rejection for an async onTelemetry', async () => {
    const onTelemetry = async (): Promise<void> => {
      throw new Error('collector down');
    };
    let results: ParseResult[] = [];
    const seen = await unhandledDuring(() => {
      const parser = createParser({ formats: ['hermes'], tools: TOOLS, onTelemetry });
      const [call] = parser.parse(CALL).calls;
      parser.recordToolResult(call!.id, 'ok');
      results = both({ formats: ['hermes'], tools: TOOLS, onTelemetry }, `${CALL}\n${BAD_CALL}`);
    });
    expect(seen).toEqual([]);
    for (const result of results) {
      expect(result.calls.map((call) => call.name)).toEqual(['delete_file']);
    }
  });

  it('should leave no unhandled rejection for a thenable hook whose then throws or rejects at once', async () => {
    const thenables = [
      {
        then(): never {
          throw new Error('then');
        },
      },
      {
        then(_resolve: unknown, reject: (reason: unknown) => void): void {
          reject(new Error('rejected at once'));
        },
      },
    ];
    const seen = await unhandledDuring(() => {
      for (const thenable of thenables) {
        const hook = (() => thenable) as unknown as ArgumentCheck;
        const onTelemetry = (() => thenable) as unknown as () => void;
        both(
          { formats: ['hermes'], tools: TOOLS, policy: { checkArguments: hook }, onTelemetry },
          CALL,
        );
      }
    });
    expect(seen).toEqual([]);
  });
});
