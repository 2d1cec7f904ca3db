// Copies the peggy-generated parsers (src/generated/*.js + .d.ts) into dist/generated, since tsc
// compiles only TypeScript sources and the generated files are JavaScript with declarations.
import { cpSync, mkdirSync } from 'node:fs';

mkdirSync('dist/generated', { recursive: true });
cpSync('src/generated', 'dist/generated', { recursive: true });
