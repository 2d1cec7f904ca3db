/**
 * The format registry. Its order is the priority where formats share a marker in `'auto'` mode
 * (`<tool_call>` opens qwen3_coder, glm45, hermes and granite): the most specific syntax first,
 * the most generic last. `satisfies` makes a missing format a compile error.
 */
import type { FormatId } from '../types.js';
import type { Format } from './format.js';
import { hermes } from './hermes/index.js';
import { harmony } from './harmony/index.js';
import { muse_glimmer } from './muse_glimmer/index.js';
import { inkling } from './inkling/index.js';
import { gemma4 } from './gemma4/index.js';
import { functiongemma } from './functiongemma/index.js';
import { command_r7b } from './command_r7b/index.js';
import { gigachat31 } from './gigachat31/index.js';
import { gigachat3 } from './gigachat3/index.js';
import { olmo3 } from './olmo3/index.js';
import { internlm } from './internlm/index.js';
import { lfm2 } from './lfm2/index.js';
import { mistral } from './mistral/index.js';
import { llama3_json } from './llama3_json/index.js';
import { granite } from './granite/index.js';
import { granite_20b_fc } from './granite_20b_fc/index.js';
import { jamba } from './jamba/index.js';
import { hunyuan_a13b } from './hunyuan_a13b/index.js';
import { hy_v3 } from './hy_v3/index.js';
import { k2_horizon } from './k2_horizon/index.js';
import { solar_open2 } from './solar_open2/index.js';
import { minimax } from './minimax/index.js';
import { phi4_mini } from './phi4_mini/index.js';
import { apertus } from './apertus/index.js';
import { xlam } from './xlam/index.js';
import { longcat } from './longcat/index.js';
import { deepseek_v31 } from './deepseek_v31/index.js';
import { deepseek_v3 } from './deepseek_v3/index.js';
import { pythonic } from './pythonic/index.js';
import { minimax_m2 } from './minimax_m2/index.js';
import { dots } from './dots/index.js';
import { minimax_m3 } from './minimax_m3/index.js';
import { kimi_k3 } from './kimi_k3/index.js';
import { step3 } from './step3/index.js';
import { deepseek_v32_dsml } from './deepseek_v32_dsml/index.js';
import { deepseek_v4_dsml } from './deepseek_v4_dsml/index.js';
import { gigachat35 } from './gigachat35/index.js';
import { qwen3_coder } from './qwen3_coder/index.js';
import { glm45 } from './glm45/index.js';
import { seed_oss } from './seed_oss/index.js';
import { kimi_k2 } from './kimi_k2/index.js';
import { marker_json } from './marker_json/index.js';
import { tag_attr } from './tag_attr/index.js';
import { markup } from './markup/index.js';
import { text_kv } from './text_kv/index.js';
import { react } from './react/index.js';
import { json_block } from './json_block/index.js';
import { openai_json } from './openai_json/index.js';
import { nemotron_json } from './nemotron_json/index.js';
import { plamo3 } from './plamo3/index.js';

/** Every format, by id, in auto-mode priority order. */
export const formats = {
  // Each format replaces its "@slot" line with its entry, keeping this order: within a shared
  // marker (<tool_call>, <tool_calls>, <function_call>) the most specific syntax comes first, and
  // bare syntaxes (tried only on tool intent in auto mode) come last.
  qwen3_coder,
  glm45,
  seed_oss,
  minimax_m2,
  dots,
  minimax_m3,
  step3,
  deepseek_v32_dsml,
  deepseek_v4_dsml,
  gigachat35,
  kimi_k2,
  kimi_k3,
  deepseek_v3,
  deepseek_v31,
  muse_glimmer,
  harmony,
  inkling,
  internlm,
  gigachat3,
  gigachat31,
  command_r7b,
  gemma4,
  functiongemma,
  lfm2,
  olmo3,
  markup,
  granite,
  hermes,
  longcat,
  hy_v3,
  k2_horizon,
  solar_open2,
  plamo3,
  hunyuan_a13b,
  jamba,
  minimax,
  granite_20b_fc,
  mistral,
  phi4_mini,
  apertus,
  nemotron_json,
  openai_json,
  llama3_json,
  marker_json,
  tag_attr,
  json_block,
  xlam,
  pythonic,
  text_kv,
  react,
} satisfies Partial<Record<FormatId, Format>>;

/** Every format id the library supports, in priority order. */
export const formatIds = Object.keys(formats) as FormatId[];

/**
 * Looks up a format by id.
 *
 * @param id - A format id.
 * @returns The format, or `undefined` for an unknown id.
 */
export function getFormat(id: string): Format | undefined {
  return Object.hasOwn(formats, id) ? (formats as Record<string, Format>)[id] : undefined;
}
