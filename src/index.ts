/**
 * tool-call-parser: turns what a language model wrote into tool calls a program may safely run.
 *
 * @packageDocumentation
 */
export { createParser } from './parser.js';
export type { Parser } from './parser.js';
export type { ParserOptions, ToolDefinition, ToolEffect, Limits } from './options.js';
export { DEFAULT_LIMITS } from './options.js';
export { formatIds } from './formats/index.js';
export type {
  FormatId,
  Span,
  Repair,
  RepairKind,
  Issue,
  IssueCode,
  ToolCall,
  RejectedCall,
  RejectionReason,
  ErrorEnvelope,
  EnvelopeError,
  NameMatch,
  TelemetryRecord,
  ParseResult,
  StreamEvent,
} from './types.js';
