/**
 * Rewrites a peggy 5 parser (ES module output) so that a character class is matched by comparing
 * char codes instead of running a regular expression.
 *
 * Peggy matches `[ \t\r\n]` as `peg$r7.test(s2)` with `peg$r7 = /^[ \t\r\n]/`, where `s2` is
 * `input.charAt(peg$currPos)`: one RegExp execution per character, the largest per-character cost
 * of the lenient JSON grammar. Each class this pass understands becomes a module function
 * `peg$inClassN(c)` comparing a char code with the class's ranges, and the test becomes
 * `peg$inClassN(s2.charCodeAt(0))` (NaN for the empty string `charAt` returns at the end of the
 * input). Taking the code lets a caller that has no string skip `charAt` (scripts/peggy-loops.ts
 * passes `input.charCodeAt(peg$currPos)`, which is the same number or NaN).
 *
 * The ranges are not derived from the pattern's text: the regex itself is run on every UTF-16 code
 * unit and the accepted ones become the ranges, so escapes, negation and the `i` flag need no
 * interpretation here. The generated function is then checked against the regex on all 65,536 code
 * units and on the empty string (what `charAt` returns at the end of the input), and the build
 * fails on any difference. Both only look at the first code unit of the string (a `^[...]` regex
 * without the `m`, `u`, `g` or `y` flags), so agreeing on those inputs is agreeing on every string.
 *
 * A regex of another form (the `u` flag, which matches a code point, or anything but one class) is
 * left as it is. A class regex used in a way peggy does not generate makes the rewrite throw.
 */
import ts from 'typescript';
import { readPegSource } from './peggy-source.js';

/** Prefix of the predicates this rewrite introduces; a parser already using it is refused. */
const PREFIX = 'peg$inClass';

/** A regex the rewrite replaces, with everything needed to emit and prove its predicate. */
interface ClassRegex {
  /** The `N` of `peg$rN`. */
  index: number;
  /** The regex as peggy wrote it, e.g. `/^[ \t\r\n]/`. */
  literal: string;
  regex: RegExp;
  /** The declaration statement inside `peg$parse`. */
  declaration: ts.VariableStatement;
}

/** An inclusive range of UTF-16 code units. */
type Range = readonly [number, number];

/** The highest UTF-16 code unit. */
const MAX_UNIT = 0xffff;

/**
 * A class whose ranges need more comparisons than this is tested through bit masks for ASCII
 * (constant shifts, no branch per range) and ranges only above ASCII.
 */
const MAX_PLAIN_RANGES = 3;

/**
 * Whether a regex is one character class peggy writes for `[...]` or `[^...]`, optionally
 * case-insensitive: `^[` then class atoms (an escape, or any character but `\` and `]`) then `]`.
 * Without the `u` flag `[` inside a class is an ordinary character, so no nesting to handle.
 */
const CLASS_PATTERN = /^\^\[(?:\\[\s\S]|[^\\\]])*\]$/;

/**
 * Rewrites the character-class tests of one generated parser.
 *
 * @param source - The parser peggy generated (`--format es`), before `hoistParser`.
 * @param name - The grammar's name, for error messages.
 * @returns The parser with every plain class test replaced by a proven char-code predicate.
 * @throws Error when a class regex is used in a shape peggy does not generate, or when a
 *   predicate disagrees with its regex on some code unit.
 * @example
 * ```ts
 * writeFileSync(file, hoistParser(rewriteClasses(readFileSync(file, 'utf8'), 'json'), 'json'));
 * ```
 */
export function rewriteClasses(source: string, name: string): string {
  const fail = (why: string): never => {
    throw new Error(`classes ${name}: ${why}; update scripts/peggy-classes.ts`);
  };
  if (source.includes(PREFIX)) fail(`the parser already uses the name prefix ${PREFIX}`);
  const read = readPegSource(source, name);
  if (read === undefined) return fail('no top-level function peg$parse');
  const { file, parse } = read;

  const classes = new Map<string, ClassRegex>();
  const declared = new Set<string>();
  for (const statement of parse.body.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        declared.add(declaration.name.getText(file));
      }
    }
    const found = classRegex(statement);
    if (found !== undefined) classes.set(`peg$r${found.index}`, found);
  }

  // Every reference to a class regex: a test of the current character, or the declaration.
  const edits: { start: number; end: number; text: string }[] = [];
  const kept = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && /^peg\$r\d+$/.test(node.text) && !declared.has(node.text)) {
      // Peggy declares its regexes in peg$parse; elsewhere, this pass would not see them.
      fail(`${node.text} is used but not declared in peg$parse`);
    }
    if (ts.isIdentifier(node) && classes.has(node.text)) {
      const found = classes.get(node.text) as ClassRegex;
      if (node.parent === found.declaration.declarationList.declarations[0]) return;
      const call = testCall(node);
      if (call === undefined) {
        // Not `.test(...)` at all: not peggy's matching code, leave the regex for it.
        kept.add(node.text);
        return;
      }
      const argument = call.arguments[0] as ts.Expression;
      if (!isCurrentCharacter(argument, call, file)) {
        fail(
          `${node.text}.test(${argument.getText(file)}) does not test input.charAt(peg$currPos)`,
        );
      }
      edits.push({
        start: call.getStart(file),
        end: call.getEnd(),
        text: `${PREFIX}${found.index}(${codeOf(argument.getText(file))})`,
      });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (edits.length === 0) return source;

  const used = new Set(edits.map((edit) => edit.text.slice(0, edit.text.indexOf('('))));
  const predicates: string[] = [];
  for (const [regexName, found] of classes) {
    const predicateName = `${PREFIX}${found.index}`;
    if (!used.has(predicateName)) continue;
    const code = predicateSource(
      predicateName,
      `${regexName} = ${found.literal};`,
      acceptedRanges(found.regex),
    );
    provePredicate(code, predicateName, found.regex, name);
    predicates.push(code);
    if (!kept.has(regexName)) {
      // No use left: drop the declaration (with its line) so the regex is not even built.
      edits.push({
        start: found.declaration.getFullStart(),
        end: found.declaration.getEnd(),
        text: '',
      });
    }
  }
  if (predicates.length === 0) return source;

  edits.sort((a, b) => b.start - a.start);
  let output = source;
  for (const edit of edits)
    output = output.slice(0, edit.start) + edit.text + output.slice(edit.end);
  const header = [
    '',
    '// Character classes tested on the char code instead of by a regex (scripts/peggy-classes.ts);',
    '// each predicate was checked against its regex on every UTF-16 code unit when built.',
    ...predicates,
  ].join('\n');
  const at = parse.getFullStart();
  return output.slice(0, at) + header + output.slice(at);
}

/** A `const peg$rN = /^[...]/;` (flags empty or `i`), or undefined for any other statement. */
function classRegex(statement: ts.Statement): ClassRegex | undefined {
  if (!ts.isVariableStatement(statement)) return undefined;
  const list = statement.declarationList;
  if ((list.flags & ts.NodeFlags.Const) === 0 || list.declarations.length !== 1) return undefined;
  const [declaration] = list.declarations;
  if (declaration === undefined || !ts.isIdentifier(declaration.name)) return undefined;
  const match = /^peg\$r(\d+)$/.exec(declaration.name.text);
  const init = declaration.initializer;
  if (match === null || init === undefined || !ts.isRegularExpressionLiteral(init)) {
    return undefined;
  }
  const literal = init.text;
  const slash = literal.lastIndexOf('/');
  const pattern = literal.slice(1, slash);
  const flags = literal.slice(slash + 1);
  // `u` matches code points (peggy's MATCH_UNICODE_CLASS), `m` lets `^` match after a newline,
  // `g` and `y` keep state between tests, `s` and `d` are never written for a class: all left.
  if (flags !== '' && flags !== 'i') return undefined;
  if (!CLASS_PATTERN.test(pattern)) return undefined;
  return {
    index: Number(match[1]),
    literal,
    regex: new RegExp(pattern, flags),
    declaration: statement,
  };
}

/** The `peg$rN.test(x)` call whose callee holds this identifier, or undefined. */
function testCall(identifier: ts.Identifier): ts.CallExpression | undefined {
  const access = identifier.parent;
  if (!ts.isPropertyAccessExpression(access) || access.expression !== identifier) return undefined;
  if (access.name.text !== 'test') return undefined;
  const call = access.parent;
  if (!ts.isCallExpression(call) || call.expression !== access || call.arguments.length !== 1) {
    return undefined;
  }
  return call;
}

/**
 * Whether the tested value is the character at the current position, a string of length 0 or 1
 * as peggy generates it: `input.charAt(peg$currPos)` itself, or the variable the statement just
 * before the test's `if` assigned it to.
 */
function isCurrentCharacter(
  argument: ts.Expression,
  call: ts.CallExpression,
  file: ts.SourceFile,
): boolean {
  const CHAR_AT = 'input.charAt(peg$currPos)';
  if (argument.getText(file) === CHAR_AT) return true;
  if (!ts.isIdentifier(argument)) return false;
  const test = call.parent;
  if (!ts.isIfStatement(test) || test.expression !== call) return false;
  const block = test.parent;
  if (!ts.isBlock(block) && !ts.isSourceFile(block) && !ts.isCaseClause(block)) return false;
  const statements = block.statements;
  const previous = statements[statements.indexOf(test) - 1];
  return previous !== undefined && previous.getText(file) === `${argument.text} = ${CHAR_AT};`;
}

/**
 * The char code of the tested character: `input.charCodeAt(peg$currPos)` for
 * `input.charAt(peg$currPos)` (no string made), else the variable's `charCodeAt(0)`.
 */
function codeOf(argument: string): string {
  return argument === 'input.charAt(peg$currPos)'
    ? 'input.charCodeAt(peg$currPos)'
    : `${argument}.charCodeAt(0)`;
}

/** The code units a one-character class regex accepts, as sorted inclusive ranges. */
export function acceptedRanges(regex: RegExp): Range[] {
  const ranges: [number, number][] = [];
  for (let unit = 0; unit <= MAX_UNIT; unit += 1) {
    if (!regex.test(String.fromCharCode(unit))) continue;
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last[1] === unit - 1) last[1] = unit;
    else ranges.push([unit, unit]);
  }
  return ranges;
}

/**
 * The condition that `c` (a code unit, or NaN for the empty string) lies in the ranges. Every
 * comparison with NaN is false, so the empty string is never in a class.
 */
function rangeCondition(ranges: readonly Range[]): string {
  if (ranges.length === 0) return 'false';
  return ranges
    .map(([low, high]) => {
      if (low === high) return `c === ${low}`;
      if (low === 0 && high === MAX_UNIT) return 'c === c';
      if (low === 0) return `c <= ${high}`;
      if (high === MAX_UNIT) return `c >= ${low}`;
      return `c >= ${low} && c <= ${high}`;
    })
    .join(' || ');
}

/** The ranges clipped to [low, high]. */
function clip(ranges: readonly Range[], low: number, high: number): Range[] {
  return ranges
    .filter(([from, to]) => to >= low && from <= high)
    .map(([from, to]): Range => [Math.max(from, low), Math.min(to, high)]);
}

/** A 32-bit mask (signed) whose bit `i` says whether code unit `base + i` is in the ranges. */
function mask(ranges: readonly Range[], base: number): number {
  let bits = 0;
  for (const [from, to] of clip(ranges, base, base + 31)) {
    for (let unit = from; unit <= to; unit += 1) bits |= 1 << (unit - base);
  }
  return bits;
}

/**
 * The predicate's source: plain comparisons for a class of few ranges, else a bit mask per 32
 * ASCII code units (a shift count is taken modulo 32, so `mask >>> c` reads bit `c % 32`) and
 * comparisons above ASCII. NaN is below no bound, so the empty string reaches the comparisons.
 */
function predicateSource(name: string, replaced: string, ranges: readonly Range[]): string {
  let condition: string;
  if (ranges.length <= MAX_PLAIN_RANGES) {
    condition = rangeCondition(ranges);
  } else {
    const word = (base: number): string => {
      const bits = mask(ranges, base);
      if (bits === 0) return 'false';
      if (bits === -1) return 'true';
      return `(0x${(bits >>> 0).toString(16)} >>> c & 1) === 1`;
    };
    condition =
      `c < 64 ? (c < 32 ? ${word(0)} : ${word(32)})` +
      ` : c < 128 ? (c < 96 ? ${word(64)} : ${word(96)})` +
      ` : ${rangeCondition(clip(ranges, 128, MAX_UNIT))}`;
  }
  return [
    // Names the regex peggy wrote, so the classes stay visible (and checkable) in the parser.
    `// Replaces ${replaced}`,
    `function ${name}(c) {`,
    `  return ${condition};`,
    '}',
  ].join('\n');
}

/**
 * Runs a predicate's source against its regex on every code unit and on the empty string (whose
 * `charCodeAt(0)` is NaN), and fails on the first difference: the proof that replacing
 * `regex.test(s)` by `predicate(s.charCodeAt(0))` keeps the parser's behaviour.
 *
 * @param code - Source declaring the function `name(c)`, `c` a char code or NaN.
 * @param name - The predicate's function name.
 * @param regex - The class regex the predicate replaces.
 * @param grammar - The grammar's name, for the error message.
 * @throws Error naming the first input on which the two disagree.
 */
export function provePredicate(code: string, name: string, regex: RegExp, grammar: string): void {
  const predicate = new Function(`${code}\nreturn ${name};`)() as (c: number) => unknown;
  const check = (s: string): void => {
    const expected = regex.test(s);
    const actual = predicate(s.charCodeAt(0));
    if (actual !== expected) {
      const shown = s === '' ? 'the empty string (NaN)' : `code unit ${s.charCodeAt(0)}`;
      throw new Error(
        `classes ${grammar}: ${name} gives ${String(actual)} but ${String(regex)} gives ` +
          `${expected} on ${shown}; the rewrite would change the parser, fix scripts/peggy-classes.ts`,
      );
    }
  };
  check('');
  for (let unit = 0; unit <= MAX_UNIT; unit += 1) check(String.fromCharCode(unit));
}
