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
export { defineFormat } from './formats/define.js';
export type {
  FormatDefinition,
  DefinedCall,
  DefinedSection,
  LowerHelpers,
} from './formats/define.js';
export type { Format, SyntaxKind } from './formats/format.js';
export type {
  FormatId,
  CustomFormatId,
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

// Phase 2: the execution gate, repair loop, telemetry and native calls.
export type { ParseOptions } from './parser.js';
export type { PolicyOptions, ArgumentCheck, ArgumentVerdict } from './policy/options.js';
export type { NameMatching } from './resolve/names.js';
export type { SanitizeProfile, FieldSelector } from './sanitize/profile.js';
export type { NativeFormatId, CallFormat, CallFlag, EnvelopeField } from './types.js';
export { createRepairPrompt } from './repair/prompt.js';
export { createRepairBudget } from './repair/budget.js';
export type { RepairBudget, RepairBudgetOptions } from './repair/budget.js';
export { createMetrics } from './telemetry/metrics.js';
export type {
  Metrics,
  MetricsBucket,
  MetricsCounts,
  MetricsRates,
  MetricsSnapshot,
} from './telemetry/metrics.js';
export { createAuditRecords, redactValue } from './telemetry/audit.js';
export type { AuditRecord, AuditOptions } from './telemetry/audit.js';
export type { ToolResultStatus } from './telemetry/results.js';
export { redactCredentials, findCredentials } from './sanitize/credentials.js';
export type { CredentialKind, CredentialMatch } from './sanitize/credentials.js';
export { createNativeStreamAssembler } from './native/assembler.js';
export type {
  NativeStreamAssembler,
  NativeStreamAssemblerOptions,
  AssembledToolCalls,
} from './native/assembler.js';
export type { OpenAIToolCall } from './native/openai.js';
export type { AnthropicContentBlock } from './native/anthropic.js';
export {
  toTransformStream,
  streamEvents,
  foldEvents,
  createToolParserAdapter,
} from './stream/index.js';
export type {
  StreamParser,
  StreamSource,
  FoldedStream,
  ToolParserAdapter,
  ToolParserAdapterOptions,
  ToolParserDelta,
  ParsedToolResponse,
} from './stream/index.js';
