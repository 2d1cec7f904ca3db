/**
 * Reads a parser peggy 5 generated (ES module output) for the build-time rewrites
 * (`peggy-classes.ts`, `peggy-loops.ts`, `hoist-peggy.ts`), which all work inside `peg$parse`.
 */
import ts from 'typescript';

/** A generated parser read with the TypeScript parser, and its `peg$parse` function. */
export interface PegSource {
  file: ts.SourceFile;
  parse: ts.FunctionDeclaration & { body: ts.Block };
}

/**
 * Reads a generated parser and finds its top-level `peg$parse`.
 *
 * @param source - The parser's code.
 * @param name - The grammar's name (the file name given to the TypeScript parser).
 * @returns The source file and `peg$parse`, or `undefined` when there is no top-level
 * `peg$parse` with a body (each rewrite then refuses with its own message).
 * @example
 * ```ts
 * readPegSource(readFileSync('src/generated/json.js', 'utf8'), 'json')?.parse.body.statements.length;
 * ```
 */
export function readPegSource(source: string, name: string): PegSource | undefined {
  const file = ts.createSourceFile(
    `${name}.js`,
    source,
    ts.ScriptTarget.ES2022,
    true,
    ts.ScriptKind.JS,
  );
  const parse = file.statements.find(
    (statement): statement is ts.FunctionDeclaration =>
      ts.isFunctionDeclaration(statement) && statement.name?.text === 'peg$parse',
  );
  if (parse?.body === undefined) return undefined;
  return { file, parse: parse as PegSource['parse'] };
}
