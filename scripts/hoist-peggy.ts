/**
 * Rewrites a peggy 5 parser (ES module output) so that a call no longer rebuilds the parser.
 *
 * Peggy declares every constant (`peg$c*` strings, `peg$r*` regexes, `peg$e*` expectations) and
 * every rule and action function inside `peg$parse`, so each call allocated them all again: for
 * json.peggy about 400 closures and objects, a third of a small call's cost. After the rewrite,
 * `peg$parse` runs a parser instance made once and then reused: the instance holds the functions
 * and the pure constants, and each call only assigns the per-call variables (everything
 * `peg$parse` declared that is not a function or a pure constant), running the same statements
 * in the same order as before, so a call starts from exactly the state a fresh `peg$parse` did.
 *
 * A call made while the instance is busy (an action parsing with the same grammar) gets a fresh
 * instance, so two live calls never share state. The library protocol's deferred `peg$throw`
 * keeps a snapshot of its call's state and throws from a fresh instance, so it stays right after
 * the instance has been reused.
 *
 * The rewrite reads the code with the TypeScript parser and throws when peggy's output does not
 * have the expected shape, rather than emit code that might behave differently.
 */
import ts from 'typescript';
import { readPegSource } from './peggy-source.js';

/** A statement of `peg$parse`'s body, sorted into what runs once and what runs per call. */
interface SortedBody {
  /** Function declarations and pure constants: built once per instance. */
  once: string[];
  /** Statements run on every call, declarations turned into assignments. */
  perCall: string[];
  /** Names the per-call declarations bound (become the instance's `let`s). */
  perCallNames: string[];
}

/** Names this rewrite introduces; a parser already using one is refused. */
const INTRODUCED = [
  'peg$instance',
  'peg$idleInstance',
  'peg$freeze',
  'peg$snapshotThrow',
  'peg$throwFrom',
  'peg$run',
];

/** The library result's deferred thrower, as peggy 5.1 writes it. */
const LIBRARY_THROW = 'peg$throw: peg$success ? undefined : peg$throw';

/**
 * Rewrites one generated parser.
 *
 * @param source - The parser peggy generated (`--format es`).
 * @param name - The grammar's name, for error messages.
 * @returns The rewritten parser, with the same exports and the same behaviour.
 * @throws Error when the code does not have the shape peggy 5 generates.
 * @example
 * ```ts
 * writeFileSync(file, hoistParser(readFileSync(file, 'utf8'), 'json'));
 * ```
 */
export function hoistParser(source: string, name: string): string {
  const fail = (why: string): never => {
    throw new Error(`hoist ${name}: ${why}; peggy's output changed, update scripts/hoist-peggy.ts`);
  };
  for (const introduced of INTRODUCED) {
    if (source.includes(introduced)) fail(`the parser already uses the name ${introduced}`);
  }
  const read = readPegSource(source, name);
  if (read === undefined) return fail('no top-level function peg$parse');
  const { file, parse } = read;
  const parameters = parse.parameters.map((parameter) => parameter.name.getText(file));
  if (parameters.join(',') !== 'input,options') {
    fail(`peg$parse takes (${parameters.join(', ')}), expected (input, options)`);
  }
  const body = sortBody(parse.body, file, fail);
  if (!body.once.some((text) => /\bfunction peg\$throw\(\)/.test(text))) {
    fail('no function peg$throw in peg$parse');
  }
  const perCall = body.perCall.join('');
  if (perCall.split(LIBRARY_THROW).length !== 2) {
    fail(`expected exactly one "${LIBRARY_THROW}" in the library result`);
  }
  const names = body.perCallNames;
  const instance = [
    '',
    '// peg$parse made its constants and functions on every call; an instance makes them once',
    '// (scripts/hoist-peggy.ts) and each call resets the per-call variables, as peg$parse did.',
    'function peg$instance() {',
    '  let input, options;',
    `  let ${names.join(', ')};`,
    body.once.join(''),
    '',
    '  // The library result can throw later: keep this call state for a fresh instance then.',
    '  function peg$snapshotThrow() {',
    `    const saved = [input, options, ${names.join(', ')}];`,
    '    return () => peg$instance().peg$throwFrom(saved);',
    '  }',
    '',
    '  function peg$throwFrom(saved) {',
    `    [input, options, ${names.join(', ')}] = saved;`,
    '    peg$throw();',
    '  }',
    '',
    '  function peg$run(peg$input, peg$options) {',
    '    input = peg$input;',
    '    options = peg$options;',
    perCall.replace(LIBRARY_THROW, 'peg$throw: peg$success ? undefined : peg$snapshotThrow()'),
    '  }',
    '',
    '  return { peg$run, peg$throwFrom };',
    '}',
    '',
    '/** Deep-freezes a shared expectation, so no caller can change it for later calls. */',
    'function peg$freeze(value) {',
    "  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {",
    '    Object.freeze(value);',
    '    for (const item of Object.values(value)) peg$freeze(item);',
    '  }',
    '  return value;',
    '}',
    '',
    '// The instance no call is using; a call made during another gets its own.',
    'let peg$idleInstance = null;',
    '',
    'function peg$parse(input, options) {',
    '  const instance = peg$idleInstance ?? peg$instance();',
    '  peg$idleInstance = null;',
    '  try {',
    '    return instance.peg$run(input, options);',
    '  } finally {',
    '    peg$idleInstance = instance;',
    '  }',
    '}',
  ].join('\n');
  return source.slice(0, parse.getFullStart()) + instance + source.slice(parse.getEnd());
}

/** Sorts `peg$parse`'s statements into once and per call. */
function sortBody(block: ts.Block, file: ts.SourceFile, fail: (why: string) => never): SortedBody {
  const sorted: SortedBody = { once: [], perCall: [], perCallNames: [] };
  for (const statement of block.statements) {
    const text = statement.getFullText(file);
    if (ts.isFunctionDeclaration(statement)) {
      if (statement.name === undefined) fail('an anonymous function declaration');
      sorted.once.push(text);
    } else if (ts.isClassDeclaration(statement)) {
      fail('a class declaration inside peg$parse');
    } else if (ts.isVariableStatement(statement)) {
      const constant = pureConstant(statement, file);
      if (constant !== undefined) {
        sorted.once.push(constant);
        continue;
      }
      const leading = text.slice(0, statement.getStart(file) - statement.getFullStart());
      const assignments = statement.declarationList.declarations.map((declaration) => {
        boundNames(declaration.name, sorted.perCallNames);
        const target = declaration.name.getText(file);
        if (declaration.initializer === undefined) {
          if (!ts.isIdentifier(declaration.name)) fail('a destructuring without initializer');
          return `${target} = undefined;`;
        }
        const value = declaration.initializer.getText(file);
        return ts.isIdentifier(declaration.name)
          ? `${target} = ${value};`
          : `(${target} = ${value});`;
      });
      sorted.perCall.push(leading + assignments.join(' '));
    } else {
      sorted.perCall.push(text);
    }
  }
  const unique = new Set(sorted.perCallNames);
  if (unique.size !== sorted.perCallNames.length) fail('a name declared twice in peg$parse');
  if (unique.has('input') || unique.has('options')) fail('a declaration shadows input or options');
  return sorted;
}

/**
 * A `const peg$c1 = "...";`, `const peg$r1 = /^[a-z]/;` or `const peg$e1 = peg$...Expectation(...)`
 * with literal arguments: nothing in it depends on the call, so it is built once. Returns the
 * statement to emit, or undefined when the statement is not such a constant.
 */
function pureConstant(statement: ts.VariableStatement, file: ts.SourceFile): string | undefined {
  const list = statement.declarationList;
  if ((list.flags & ts.NodeFlags.Const) === 0 || list.declarations.length !== 1) return undefined;
  const [declaration] = list.declarations;
  if (declaration === undefined || !ts.isIdentifier(declaration.name)) return undefined;
  const init = declaration.initializer;
  const name = declaration.name.text;
  if (init === undefined) return undefined;
  const emit = (value: string): string =>
    `${statement.getFullText(file).slice(0, statement.getStart(file) - statement.getFullStart())}const ${name} = ${value};`;
  if (/^peg\$c\d+$/.test(name) && ts.isStringLiteral(init)) return emit(init.getText(file));
  if (/^peg\$r\d+$/.test(name) && ts.isRegularExpressionLiteral(init)) {
    // A `g` or `y` regex keeps lastIndex between uses: sharing it would change behaviour.
    const flags = init.text.slice(init.text.lastIndexOf('/') + 1);
    return /[gy]/.test(flags) ? undefined : emit(init.getText(file));
  }
  if (
    /^peg\$e\d+$/.test(name) &&
    ts.isCallExpression(init) &&
    ts.isIdentifier(init.expression) &&
    /^peg\$[a-z]+Expectation$/.test(init.expression.text) &&
    init.arguments.every(isLiteralData)
  ) {
    return emit(`peg$freeze(${init.getText(file)})`);
  }
  return undefined;
}

/** Strings, booleans, numbers and arrays of them. */
function isLiteralData(node: ts.Expression): boolean {
  if (ts.isArrayLiteralExpression(node)) return node.elements.every(isLiteralData);
  return (
    ts.isStringLiteral(node) ||
    ts.isNumericLiteral(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword
  );
}

/** Appends the identifiers a declaration binds (through destructuring patterns). */
function boundNames(name: ts.BindingName, into: string[]): void {
  if (ts.isIdentifier(name)) {
    into.push(name.text);
    return;
  }
  for (const element of name.elements) {
    if (ts.isOmittedExpression(element)) continue;
    boundNames(element.name, into);
  }
}
