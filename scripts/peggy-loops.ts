/**
 * Rewrites a peggy 5 parser (ES module output, after `rewriteClasses`) so that a repeated
 * character class whose matched characters nobody reads does not collect them.
 *
 * Peggy compiles `[ \t\r\n]*` to a loop that pushes every matched character into an array, also
 * when the array is never used: under `$(...)`, which takes `input.substring` of the positions, or
 * when the result is discarded. This pass finds that loop, checks in the rule function that the
 * array's variable is never read before being assigned again on any path after the loop, and only
 * then emits a loop that advances the position without the array. For `$[class]+` the array is
 * read right after the loop, by `$`, but only to compare it with `peg$FAILED` (and to copy it when
 * it is `peg$FAILED`), and must be unread after that: the array stays (empty, so the comparison
 * gives the same answer) and only the loop run after the first character changes. The same holds
 * for any `[class]+` whose array every later statement, up to its next assignment, only compares
 * with `peg$FAILED` (`[0-9]+` in a sequence with an action that takes no label). The loop tests
 * `input.charCodeAt(peg$currPos)` (the code of `input.charAt(peg$currPos)`, or NaN at the end, as
 * the class predicate expects) without making a string per character. Everything else the loop
 * did is kept: the position, the item variable ending as `peg$FAILED`, and the one failure it
 * records at the position where the class stopped matching.
 *
 * Such a loop then advances without testing each character where it can: past a class of every
 * unit but one (`[^<]`) by one `indexOf` of that unit, past another negated class by its first
 * units and then a search for each unit it refuses when they are few (`[^`<]`), or else the
 * class's regex made sticky (see `advance`).
 *
 * A counted repetition of any character (`.|n|`) is taken in one step, its position and the
 * failure it records the loop's: under `$` with nothing else reading it, without an array;
 * otherwise its array (others may read it) made by one `split('')` of the substring instead of a
 * push per character.
 *
 * The analysis is conservative: it only knows the statements peggy writes in a rule function
 * (assignments, calls, `if`, `while`, `return`), and it treats anything else as a read, so an
 * unexpected shape keeps peggy's loop.
 */
import ts from 'typescript';
import { readPegSource } from './peggy-source.js';

/** How the statements from some point on first touch a variable. */
type Effect = 'read' | 'written' | 'untouched';

/**
 * Rewrites the repeated-class loops of one parser whose array is never read.
 *
 * @param source - The parser as `rewriteClasses` returned it.
 * @param name - The grammar's name, for error messages.
 * @returns The parser with those loops replaced.
 * @throws Error when the parser has no top-level `peg$parse`.
 * @example
 * ```ts
 * const code = rewriteLoops(rewriteClasses(source, 'json'), 'json');
 * ```
 */
export function rewriteLoops(source: string, name: string): string {
  const read = readPegSource(source, name);
  if (read === undefined) {
    throw new Error(
      `loops ${name}: no top-level function peg$parse; update scripts/peggy-loops.ts`,
    );
  }
  const { file, parse } = read;
  // The white space before a statement on its line, for the lines that replace it.
  const indentOf = (statement: ts.Statement): string => {
    const start = statement.getStart(file);
    return ' '.repeat(start - source.lastIndexOf('\n', start) - 1);
  };
  const edits: { start: number; end: number; text: string }[] = [];
  // What the advance loops of negated classes search with, by name (see `advance`): a class's
  // regex made sticky, or the search function of a class that refuses a few units.
  const runs = new Map<string, string>();
  for (const rule of parse.body.statements) {
    if (!ts.isFunctionDeclaration(rule) || rule.body === undefined) continue;
    if (!/^peg\$parse/.test(rule.name?.text ?? '')) continue;
    const body = rule.body;
    const locals = ruleLocals(body);
    if (locals === undefined) continue;
    const visitBlock = (node: ts.Node): void => {
      if (ts.isBlock(node)) {
        for (let index = 0; index + 3 < node.statements.length; index += 1) {
          const loop = classLoop(node.statements, index, file);
          if (loop === undefined || !locals.has(loop.array) || !locals.has(loop.item)) continue;
          const last = node.statements[index + 3] as ts.Statement;
          if (isLiveAfter(last, loop.array, body, false)) continue;
          const first = node.statements[index] as ts.Statement;
          const indent = indentOf(first);
          edits.push({
            start: first.getStart(file),
            end: last.getEnd(),
            text: [
              '// The matched characters are never read: advance only (scripts/peggy-loops.ts).',
              advance(loop.predicate, source, runs),
              `${loop.item} = peg$FAILED;`,
              `if (peg$silentFails === 0) { peg$fail(${loop.expectation}); }`,
            ].join(`\n${indent}`),
          });
          index += 3;
        }
        for (let index = 0; index + 3 < node.statements.length; index += 1) {
          const loop = plusLoop(node.statements, index, file);
          if (loop === undefined || !locals.has(loop.array) || !locals.has(loop.item)) continue;
          const test = node.statements[index + 3] as ts.IfStatement;
          const text = node.statements[index + 4];
          // Read by `$` (compared, and copied only when peg$FAILED) and unread after it, or only
          // ever compared with peg$FAILED after the loop.
          const unread =
            text !== undefined && isTextOf(text, loop, file)
              ? !isLiveAfter(text, loop.array, body, false)
              : !isLiveAfter(test, loop.array, body, true);
          if (!unread) continue;
          // Only the loop statement changes: the array stays `[]` (so not peg$FAILED) once the
          // first character matched, and peg$FAILED otherwise, which is all that is read of it.
          const repeat = test.thenStatement;
          const indent = indentOf(test);
          edits.push({
            start: repeat.getStart(file),
            end: repeat.getEnd(),
            text: [
              '{',
              '  // The matched characters are never read: advance only (scripts/peggy-loops.ts).',
              `  ${advance(loop.predicate, source, runs)}`,
              `  ${loop.item} = peg$FAILED;`,
              `  if (peg$silentFails === 0) { peg$fail(${loop.expectation}); }`,
              '}',
            ].join(`\n${indent}`),
          });
          index += 3;
        }
        for (let index = 0; index + 2 < node.statements.length; index += 1) {
          const loop = countedLoop(node.statements, index, file);
          if (loop === undefined || !locals.has(loop.array) || !locals.has(loop.item)) continue;
          const first = node.statements[index] as ts.Statement;
          const { array, item, count, expectation } = loop;
          const indent = indentOf(first);
          const text = countedText(node.statements, index + 3, loop, file);
          if (text !== undefined && locals.has(text.result) && locals.has(text.copy)) {
            // Under `$` and read by nothing else: no array at all (the repetition's result is only
            // compared with peg$FAILED, then replaced by the substring).
            const after = node.statements[index + 5] as ts.Statement;
            const unread = [array, text.result, text.copy].every(
              (name) => !isLiveAfter(after, name, body, false),
            );
            if (unread) {
              edits.push({
                start: first.getStart(file),
                end: (node.statements[index + 3] as ts.Statement).getEnd(),
                text: [
                  '// The counted characters are never read: advance only (scripts/peggy-loops.ts).',
                  `${item} = Math.max(Math.min(${count}, input.length - peg$currPos), 0);`,
                  `peg$currPos += ${item};`,
                  `if (${count} > ${item}) {`,
                  `  if (peg$silentFails === 0) { peg$fail(${expectation}); }`,
                  `  peg$currPos = ${text.result};`,
                  `  ${text.result} = peg$FAILED;`,
                  '} else {',
                  `  ${text.result} = [];`,
                  '}',
                  `${item} = peg$FAILED;`,
                ].join(`\n${indent}`),
              });
              index += 3;
              continue;
            }
          }
          const last = node.statements[index + 2] as ts.Statement;
          // The same array, taken in one step: split('') gives the UTF-16 units charAt gave.
          edits.push({
            start: first.getStart(file),
            end: last.getEnd(),
            text: [
              '// The counted characters taken in one step, as the loop took them (scripts/peggy-loops.ts).',
              `${item} = Math.max(Math.min(${count}, input.length - peg$currPos), 0);`,
              `${array} = input.substring(peg$currPos, peg$currPos + ${item}).split('');`,
              `peg$currPos += ${item};`,
              `if (${count} > ${item} && peg$silentFails === 0) { peg$fail(${expectation}); }`,
              `${item} = peg$FAILED;`,
            ].join(`\n${indent}`),
          });
          index += 2;
        }
      }
      ts.forEachChild(node, visitBlock);
    };
    visitBlock(body);
  }
  for (const [name, code] of runs) {
    // Declared after its class's predicate, at the top level of the module.
    const predicate = `function ${name.replace(/(Run|Until)$/, '')}(c) {`;
    const at = source.indexOf('\n}\n', source.indexOf(predicate)) + 3;
    edits.push({ start: at, end: at, text: `${code}\n` });
  }
  edits.sort((a, b) => b.start - a.start);
  let output = source;
  for (const edit of edits) {
    output = output.slice(0, edit.start) + edit.text + output.slice(edit.end);
  }
  return output;
}

/** Units of a run a negated class's predicate tests before a search takes the rest. */
const SHORT_RUN = 16;

/**
 * The statement that moves the position past the characters of a class: a loop testing each; for
 * a class of every unit but one (`[^<]`, the payload of most tagged syntaxes, often kilobytes
 * long), one native search for that unit (the loop stops at it, or at the end, where the
 * predicate is false for NaN); for another negated class, the loop for its first units and then,
 * on a longer run, a search of the rest: where the class refuses at most `FEW_UNITS` units
 * (`[^`<]`, `[^"\\]`), a native search for each of them (`unitSearch`); otherwise the class's
 * regex made sticky (`/[^`<]*\/y`), which matches the same code units (the predicate was proved
 * against that regex) several times faster than a loop over a long payload, and ten times slower
 * than the searches. Either is recorded in `runs`.
 */
function advance(predicate: string, source: string, runs: Map<string, string>): string {
  const excluded = excludedUnit(predicate, source);
  if (excluded !== undefined) {
    const unit = JSON.stringify(String.fromCharCode(excluded));
    return `{ const next = input.indexOf(${unit}, peg$currPos); peg$currPos = next === -1 ? input.length : next; }`;
  }
  const negated = negatedClass(predicate, source);
  if (negated === undefined)
    return `while (${predicate}(input.charCodeAt(peg$currPos))) peg$currPos++;`;
  const units = refusedUnits(negated);
  let rest: string;
  if (units.length <= FEW_UNITS) {
    const until = `${predicate}Until`;
    runs.set(until, unitSearch(until, units));
    rest = `at = ${until}(input, at);`;
  } else {
    const run = `${predicate}Run`;
    runs.set(run, `const ${run} = /${negated}*/y;`);
    rest = `${run}.lastIndex = at; ${run}.test(input); at = ${run}.lastIndex;`;
  }
  return [
    `{ let at = peg$currPos; const limit = at + ${SHORT_RUN};`,
    `while (at < limit && ${predicate}(input.charCodeAt(at))) at++;`,
    `if (at === limit && ${predicate}(input.charCodeAt(at))) { ${rest} }`,
    'peg$currPos = at; }',
  ].join(' ');
}

/** A negated class refusing at most this many units is searched unit by unit (see `advance`). */
const FEW_UNITS = 4;

/** The first window `unitSearch` searches, in units; each next one is four times longer. */
const FIRST_WINDOW = 256;

/** The UTF-16 units a negated class (`[^`<]`) refuses, found by testing its regex on each. */
function refusedUnits(negated: string): number[] {
  const known = refusedByClass.get(negated);
  if (known !== undefined) return known;
  const regex = new RegExp(`^${negated}$`);
  const units: number[] = [];
  for (let unit = 0; unit <= 0xffff; unit += 1) {
    if (!regex.test(String.fromCharCode(unit))) units.push(unit);
  }
  refusedByClass.set(negated, units);
  return units;
}

// refusedUnits' answers: a grammar loops over one class in several rules, each a test of all
// 65,536 units (about 10 ms) when the class is met again.
const refusedByClass = new Map<string, number[]>();

/**
 * The search function of a class refusing a few units: `name(input, from)` is where the run of
 * the class starting at `from` ends, the nearest occurrence of a refused unit, or the end. Each
 * unit is searched by `indexOf` in a window after `from`, four times longer each time none of
 * them is in it: a unit that occurs far away or nowhere (a backslash in a text without one) is
 * read no further than the first window or four times the run, where searching the whole input
 * for it would read the rest of the output once per run, quadratic over an output of many calls.
 * The window is a `slice`, which V8 makes without copying the text (but for a few units).
 */
function unitSearch(name: string, units: number[]): string {
  return [
    `function ${name}(input, from) {`,
    `  for (let size = ${FIRST_WINDOW}; ; size *= 4) {`,
    '    const end = Math.min(from + size, input.length);',
    '    const window = input.slice(from, end);',
    '    let first = -1;',
    ...units.flatMap((unit, index) => [
      `    const at${index} = window.indexOf(${JSON.stringify(String.fromCharCode(unit))});`,
      `    if (at${index} !== -1 && (first === -1 || at${index} < first)) first = at${index};`,
    ]),
    '    if (first !== -1) return from + first;',
    '    if (end === input.length) return end;',
    '  }',
    '}',
  ].join('\n');
}

/**
 * The class a predicate of `rewriteClasses` replaces, when it is negated and its regex has no
 * flags (`// Replaces peg$r5 = /^[^`<]/;` gives `[^`<]`); a flag such as `i` or `u` would make
 * the regex read other than unit by unit.
 */
function negatedClass(predicate: string, source: string): string | undefined {
  const name = predicate.replace(/\$/g, '\\$');
  const found = new RegExp(
    `// Replaces peg\\$r\\d+ = /\\^(\\[\\^(?:\\\\.|[^\\]\\\\])*\\])/;\\nfunction ${name}\\(c\\) \\{`,
  ).exec(source);
  return found === null ? undefined : found[1];
}

/** The one unit a class predicate of `rewriteClasses` refuses, when it is `c <= u - 1 || c >= u + 1`. */
function excludedUnit(predicate: string, source: string): number | undefined {
  const name = predicate.replace(/\$/g, '\\$');
  const body = new RegExp(
    `function ${name}\\(c\\) \\{\\s*return c <= (\\d+) \\|\\| c >= (\\d+);\\s*\\}`,
  ).exec(source);
  if (body === null) return undefined;
  const below = Number(body[1]);
  return Number(body[2]) === below + 2 ? below + 1 : undefined;
}

/** The variables of a rule function's first `let`, or undefined when it has a nested function. */
function ruleLocals(body: ts.Block): Set<string> | undefined {
  let nested = false;
  const find = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) nested = true;
    else ts.forEachChild(node, find);
  };
  ts.forEachChild(body, find);
  const first = body.statements[0];
  if (nested || first === undefined || !ts.isVariableStatement(first)) return undefined;
  if ((first.declarationList.flags & ts.NodeFlags.Let) === 0) return undefined;
  const names = new Set<string>();
  for (const declaration of first.declarationList.declarations) {
    if (!ts.isIdentifier(declaration.name) || declaration.initializer !== undefined)
      return undefined;
    names.add(declaration.name.text);
  }
  return names;
}

interface ClassLoop {
  array: string;
  item: string;
  predicate: string;
  expectation: string;
}

/** Whitespace-insensitive text of a statement. */
function flat(statement: ts.Statement | undefined, file: ts.SourceFile): string {
  return statement === undefined ? '' : statement.getText(file).replace(/\s+/g, ' ');
}

/**
 * Peggy's four statements for `[class]*` at `index`, with the class tested by a predicate of
 * `rewriteClasses`; each statement must equal the expected text exactly, up to whitespace.
 */
function classLoop(
  statements: readonly (ts.Statement | undefined)[],
  index: number,
  file: ts.SourceFile,
): ClassLoop | undefined {
  const start = /^(s\d+) = \[\];$/.exec(flat(statements[index], file));
  const read = /^(s\d+) = input\.charAt\(peg\$currPos\);$/.exec(flat(statements[index + 1], file));
  if (start === null || read === null) return undefined;
  const array = start[1] as string;
  const item = read[1] as string;
  if (array === item) return undefined;
  const test =
    /^if \((peg\$inClass\d+)\(s\d+\.charCodeAt\(0\)\)\) \{ peg\$currPos\+\+; \} else \{ s\d+ = peg\$FAILED; if \(peg\$silentFails === 0\) \{ peg\$fail\((peg\$e\d+)\); \} \}$/.exec(
      flat(statements[index + 2], file),
    );
  if (test === null) return undefined;
  const predicate = test[1] as string;
  const expectation = test[2] as string;
  const step =
    `if (${predicate}(${item}.charCodeAt(0))) { peg$currPos++; } else { ${item} = peg$FAILED; ` +
    `if (peg$silentFails === 0) { peg$fail(${expectation}); } }`;
  if (flat(statements[index + 2], file) !== step) return undefined;
  const loop =
    `while (${item} !== peg$FAILED) { ${array}.push(${item}); ` +
    `${item} = input.charAt(peg$currPos); ${step} }`;
  if (flat(statements[index + 3], file) !== loop) return undefined;
  return { array, item, predicate, expectation };
}

/**
 * Peggy's four statements for `[class]+` at `index`: the array, the first character's test (as
 * in `classLoop`), and the loop run only when it matched (else the array becomes `peg$FAILED`).
 * Each statement must equal the expected text exactly, up to whitespace.
 */
function plusLoop(
  statements: readonly (ts.Statement | undefined)[],
  index: number,
  file: ts.SourceFile,
): ClassLoop | undefined {
  const star = classLoop(statements, index, file);
  if (star !== undefined) return undefined;
  const first = classLoop(
    [...statements.slice(index, index + 3), loopOf(statements[index + 3])],
    0,
    file,
  );
  if (first === undefined) return undefined;
  const { array, item } = first;
  const repeat =
    `if (${item} !== peg$FAILED) { ${flat(loopOf(statements[index + 3]), file)} } ` +
    `else { ${array} = peg$FAILED; }`;
  if (flat(statements[index + 3], file) !== repeat) return undefined;
  return first;
}

/** Peggy's loop for `.|n|`: what it collects, its count, and the expectation it records. */
interface CountedLoop {
  array: string;
  item: string;
  /** The count as peggy tests it: `(sN|0)` for a computed count, or an integer literal. */
  count: string;
  expectation: string;
}

/**
 * Peggy's three statements for `.|n|` (any character, a counted number of times) at `index`: the
 * array, the first step and the loop repeating it. A step takes one character (`input.charAt`)
 * until the array holds the count, and records the expectation of any character when the input
 * ends first. Each statement must equal the expected text exactly, up to whitespace.
 *
 * Taken one character at a time, the JSON extents the grammars import (whose length the JSON
 * scan computes, often kilobytes) cost a tenth of a typical call and an array push per unit.
 */
function countedLoop(
  statements: readonly (ts.Statement | undefined)[],
  index: number,
  file: ts.SourceFile,
): CountedLoop | undefined {
  const start = /^(s\d+) = \[\];$/.exec(flat(statements[index], file));
  const loop =
    /^while \((s\d+) !== peg\$FAILED\) \{ (s\d+)\.push\(\1\); if \(\2\.length >= (\(s\d+\|0\)|\d+)\) \{ \1 = peg\$FAILED; \} else \{ (.*) \} \}$/.exec(
      flat(statements[index + 2], file),
    );
  if (start === null || loop === null || loop[2] !== start[1]) return undefined;
  const [, item, array, count, take] = loop as unknown as [string, string, string, string, string];
  if (item === array) return undefined;
  const taken =
    /^if \(input\.length > peg\$currPos\) \{ (s\d+) = input\.charAt\(peg\$currPos\); peg\$currPos\+\+; \} else \{ \1 = peg\$FAILED; if \(peg\$silentFails === 0\) \{ peg\$fail\((peg\$e\d+)\); \} \}$/.exec(
      take,
    );
  if (taken === null || taken[1] !== item) return undefined;
  // The first step: tested against the count, or (a literal count above 0) taken at once.
  const first = flat(statements[index + 1], file);
  const checked = `if (${array}.length >= ${count}) { ${item} = peg$FAILED; } else { ${take} }`;
  if (first !== checked && !(first === take && /^[1-9]\d*$/.test(count))) return undefined;
  return { array, item, count, expectation: taken[2] as string };
}

/**
 * The statements peggy writes after a counted loop (at `index`) when `$` takes its text: the count
 * check (`result` becomes the array, or peg$FAILED with the position restored), the copy of
 * `result` into another variable, and `$`'s statement, which only compares that copy with
 * peg$FAILED. Each must equal the expected text exactly, up to whitespace.
 */
function countedText(
  statements: readonly (ts.Statement | undefined)[],
  index: number,
  loop: CountedLoop,
  file: ts.SourceFile,
): { result: string; copy: string } | undefined {
  const check =
    /^if \((s\d+)\.length < (\(s\d+\|0\)|\d+)\) \{ peg\$currPos = (s\d+); \3 = peg\$FAILED; \} else \{ \3 = \1; \}$/.exec(
      flat(statements[index], file),
    );
  if (check === null || check[1] !== loop.array || check[2] !== loop.count) return undefined;
  const result = check[3] as string;
  const copied = /^(s\d+) = (s\d+);$/.exec(flat(statements[index + 1], file));
  if (copied === null || copied[2] !== result) return undefined;
  const copy = copied[1] as string;
  const text =
    /^if \((s\d+) !== peg\$FAILED\) \{ (s\d+) = input\.substring\(\2, peg\$currPos\); \} else \{ \2 = \1; \}$/.exec(
      flat(statements[index + 2], file),
    );
  if (text === null || text[1] !== copy) return undefined;
  const names = [loop.array, loop.item, result, copy, text[2] as string];
  if (new Set(names).size !== names.length) return undefined;
  return { result, copy };
}

/**
 * Whether `statement` is what `$` makes of the loop's array: the text matched when the array is
 * not `peg$FAILED`, else `peg$FAILED` copied from the array.
 */
function isTextOf(statement: ts.Statement, loop: ClassLoop, file: ts.SourceFile): boolean {
  const text =
    /^if \((s\d+) !== peg\$FAILED\) \{ (s\d+) = input\.substring\(\2, peg\$currPos\); \} else \{ \2 = \1; \}$/.exec(
      flat(statement, file),
    );
  return text !== null && text[1] === loop.array && text[2] !== loop.array && text[2] !== loop.item;
}

/** The single `while` of `if (...) { while (...) {...} } else {...}`, if that is the shape. */
function loopOf(statement: ts.Statement | undefined): ts.Statement | undefined {
  if (statement === undefined || !ts.isIfStatement(statement)) return undefined;
  const then = statement.thenStatement;
  if (!ts.isBlock(then) || then.statements.length !== 1) return undefined;
  const [loop] = then.statements;
  return loop !== undefined && ts.isWhileStatement(loop) ? loop : undefined;
}

/**
 * Whether some path from just after `statement` to the end of the rule function reads `name`
 * before assigning it. Walks out through the enclosing blocks: the statements after it, then,
 * inside a loop, the whole loop again (its condition and body may run once more). With
 * `comparisons`, an `if` whose whole condition is `name !== peg$FAILED` or `name ===
 * peg$FAILED` does not count as a read (its branches still do).
 */
function isLiveAfter(
  statement: ts.Statement,
  name: string,
  body: ts.Block,
  comparisons: boolean,
): boolean {
  let node: ts.Node = statement;
  for (;;) {
    const parent = node.parent;
    if (ts.isBlock(parent)) {
      const rest = parent.statements.slice(parent.statements.indexOf(node as ts.Statement) + 1);
      const effect = sequenceEffect(rest, name, comparisons);
      if (effect !== 'untouched') return effect === 'read';
      if (parent === body) return false;
    } else if (ts.isWhileStatement(parent)) {
      const effect = statementEffect(parent, name, comparisons);
      if (effect !== 'untouched') return effect === 'read';
    } else if (!ts.isIfStatement(parent)) {
      return true;
    }
    node = parent;
  }
}

function sequenceEffect(
  statements: readonly ts.Statement[],
  name: string,
  comparisons: boolean,
): Effect {
  for (const statement of statements) {
    const effect = statementEffect(statement, name, comparisons);
    if (effect !== 'untouched') return effect;
  }
  return 'untouched';
}

/** How one statement first touches `name` on its paths ('read' if any path may read first). */
function statementEffect(statement: ts.Statement, name: string, comparisons: boolean): Effect {
  if (ts.isBlock(statement)) return sequenceEffect(statement.statements, name, comparisons);
  if (ts.isExpressionStatement(statement)) {
    const expression = statement.expression;
    if (
      ts.isBinaryExpression(expression) &&
      expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(expression.left) &&
      expression.left.text === name
    ) {
      return mentions(expression.right, name) ? 'read' : 'written';
    }
    return mentions(expression, name) ? 'read' : 'untouched';
  }
  if (ts.isIfStatement(statement)) {
    const compared = comparisons && isFailedComparison(statement.expression, name);
    if (!compared && mentions(statement.expression, name)) return 'read';
    const then = statementEffect(statement.thenStatement, name, comparisons);
    const otherwise =
      statement.elseStatement === undefined
        ? 'untouched'
        : statementEffect(statement.elseStatement, name, comparisons);
    if (then === 'read' || otherwise === 'read') return 'read';
    return then === 'written' && otherwise === 'written' ? 'written' : 'untouched';
  }
  if (ts.isWhileStatement(statement)) {
    // The body may not run at all, so it can read but never surely write.
    if (mentions(statement.expression, name)) return 'read';
    return statementEffect(statement.statement, name, comparisons) === 'read'
      ? 'read'
      : 'untouched';
  }
  if (ts.isReturnStatement(statement) || ts.isThrowStatement(statement)) {
    // The function ends here: nothing after reads the variable.
    const value = statement.expression;
    return value !== undefined && mentions(value, name) ? 'read' : 'written';
  }
  if (ts.isVariableStatement(statement)) {
    return mentions(statement, name) ? 'read' : 'untouched';
  }
  if (ts.isEmptyStatement(statement)) return 'untouched';
  // A statement peggy does not write in a rule (for, switch, try, break, ...): assume a read.
  return 'read';
}

/** Whether `expression` is exactly `name !== peg$FAILED` or `name === peg$FAILED`. */
function isFailedComparison(expression: ts.Expression, name: string): boolean {
  if (!ts.isBinaryExpression(expression)) return false;
  const operator = expression.operatorToken.kind;
  if (
    operator !== ts.SyntaxKind.ExclamationEqualsEqualsToken &&
    operator !== ts.SyntaxKind.EqualsEqualsEqualsToken
  ) {
    return false;
  }
  const { left, right } = expression;
  return (
    ts.isIdentifier(left) &&
    left.text === name &&
    ts.isIdentifier(right) &&
    right.text === 'peg$FAILED'
  );
}

/** Whether the identifier occurs anywhere in the node. */
function mentions(node: ts.Node, name: string): boolean {
  if (ts.isIdentifier(node)) return node.text === name;
  return ts.forEachChild(node, (child) => (mentions(child, name) ? true : undefined)) === true;
}
