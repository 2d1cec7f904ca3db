/**
 * Streaming: `parser.stream()`, its Web and async-iterable wrappers, the MAX `ToolParser`
 * adapter, and the fold that turns events back into a result.
 *
 * @packageDocumentation
 */
export { createStreamParser } from './stream-parser.js';
export type { StreamParser, StreamEngine } from './stream-parser.js';
export { toTransformStream, streamEvents } from './web.js';
export type { StreamSource } from './web.js';
export { foldEvents } from './fold.js';
export type { FoldedStream } from './fold.js';
export { createToolParserAdapter } from './max-adapter.js';
export type {
  ToolParserAdapter,
  ToolParserAdapterOptions,
  ToolParserDelta,
  ParsedToolResponse,
} from './max-adapter.js';
export { createJsonPrefixWriter } from './json-writer.js';
export type { JsonPrefixWriter, JsonWriterState } from './json-writer.js';
export { readJsonCallHead } from './call-head.js';
