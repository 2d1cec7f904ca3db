/**
 * Loads the library for the timing scripts (bench, fuzz) the way users run it: bundled by esbuild
 * without `keepNames`. Under tsx every named closure gets a `__name` call (esbuild's keepNames),
 * which costs real time in small parses and is not in the published build (tsc emits no such
 * calls). Falls back to the sources through tsx, and says so, when esbuild cannot be loaded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the timing scripts use of the library, and how it was loaded. */
export interface Library {
  createParser: typeof import('../src/index.js').createParser;
  formatIds: typeof import('../src/index.js').formatIds;
  /** Which build is timed, for the report. */
  source: string;
  /** Removes the temporary bundle. */
  dispose: () => void;
}

/**
 * Bundles `src/index.ts` into a temporary ES module and imports it.
 *
 * @returns The library and how it was built.
 */
export async function loadLibrary(): Promise<Library> {
  const entry = new URL('../src/index.ts', import.meta.url);
  try {
    const esbuild = (await import('esbuild')) as typeof import('esbuild');
    const folder = mkdtempSync(join(tmpdir(), 'tool-call-parser-timing-'));
    const outfile = join(folder, 'index.mjs');
    await esbuild.build({
      entryPoints: [entry.pathname],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile,
      logLevel: 'error',
    });
    const library = (await import(pathToFileURL(outfile).href)) as Library;
    return {
      createParser: library.createParser,
      formatIds: library.formatIds,
      source: 'esbuild bundle of src (no keepNames)',
      dispose: () => rmSync(folder, { recursive: true, force: true }),
    };
  } catch {
    const library = await import('../src/index.js');
    return { ...library, source: 'src via tsx (keepNames: slower)', dispose: () => {} };
  }
}
