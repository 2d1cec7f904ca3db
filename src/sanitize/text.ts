/**
 * Text clean-ups a sanitization profile applies to string arguments: HTML stripping, Unicode
 * normalisation of identifiers, and the comparison form used to spot echoed secrets and
 * injection phrases. All run in one linear pass (model text is hostile input).
 */

/**
 * Look-alike letters from other scripts folded to the Latin letter they imitate, so an
 * identifier such as `аdmin` (Cyrillic а) cannot pass for `admin` or slip past a check.
 */
const HOMOGLYPHS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    а: 'a',
    е: 'e',
    к: 'k',
    о: 'o',
    р: 'p',
    с: 'c',
    у: 'y',
    х: 'x',
    А: 'A',
    В: 'B',
    Е: 'E',
    К: 'K',
    М: 'M',
    Н: 'H',
    О: 'O',
    Р: 'P',
    С: 'C',
    Т: 'T',
    Х: 'X',
    і: 'i',
    І: 'I',
    ј: 'j',
    Ј: 'J',
    ѕ: 's',
    Ѕ: 'S',
    ԁ: 'd',
    һ: 'h',
    ӏ: 'l',
    ԛ: 'q',
    ԝ: 'w',
    α: 'a',
    Α: 'A',
    Β: 'B',
    Ε: 'E',
    Ζ: 'Z',
    Η: 'H',
    Ι: 'I',
    ι: 'i',
    Κ: 'K',
    Μ: 'M',
    Ν: 'N',
    ν: 'v',
    Ο: 'O',
    ο: 'o',
    Ρ: 'P',
    ρ: 'p',
    Τ: 'T',
    Υ: 'Y',
    υ: 'u',
    Χ: 'X',
    ɡ: 'g',
    ı: 'i',
  }),
);

/**
 * Normalises an identifier: NFKC (fullwidth `ｉｄ` → `id`), look-alike letters folded to Latin,
 * invisible characters dropped.
 *
 * @param value - An identifier argument as the model wrote it.
 * @returns The normalised identifier.
 * @example
 * ```ts
 * normalizeIdentifier('аcc\u200b_42'); // 'acc_42' (Cyrillic а folded, zero-width space dropped)
 * ```
 */
export function normalizeIdentifier(value: string): string {
  const normalized = value.normalize('NFKC');
  // One native search, and a replacement only where something is found: the text built one
  // character at a time took 4.7 ms for 100 KB of prose, where nothing changes.
  if (normalized.search(FOLDED_OR_DROPPED) === -1) return normalized;
  return normalized.replace(FOLDED_OR_DROPPED, (unit) => HOMOGLYPHS.get(unit) ?? '');
}

/**
 * Every look-alike, and the invisible characters that split or disguise identifiers: the soft
 * hyphen, zero-width characters and joiners, bidi controls, the byte order mark. One UTF-16 unit
 * each (all are in the Basic Multilingual Plane and none is a surrogate, so matching units is
 * matching characters).
 */
const FOLDED_OR_DROPPED = new RegExp(
  `[${[...HOMOGLYPHS.keys()].join('')}\\u00ad\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\ufeff]`,
  'g',
);

/** Elements whose content is code or styling, dropped with their tags. */
const DROPPED_ELEMENTS = ['script', 'style'];

/**
 * Strips HTML tags and comments, dropping `<script>` and `<style>` content entirely. Text that only
 * looks like a comparison (`a < b`) is kept: a tag starts with `<` and a letter, `/` or `!`. The
 * result holds no such `<`, even where removing a tag joined one (`<</b>script>`).
 *
 * @param value - A string argument.
 * @returns The text without markup.
 * @example
 * ```ts
 * stripHtml('<p>Hi <b>there</b><script>x()</script></p>'); // 'Hi there'
 * ```
 */
export function stripHtml(value: string): string {
  let result = '';
  let cursor = 0;
  const lower = value.toLowerCase();
  while (cursor < value.length) {
    const open = value.indexOf('<', cursor);
    if (open === -1) break;
    const next = value.charAt(open + 1);
    if (!TAG_START.test(next)) {
      result += value.slice(cursor, open + 1);
      cursor = open + 1;
      continue;
    }
    result += value.slice(cursor, open);
    const close = value.indexOf('>', open);
    if (close === -1) {
      cursor = value.length;
      break;
    }
    cursor = close + 1;
    const element = DROPPED_ELEMENTS.find((name) => lower.startsWith(name, open + 1));
    if (element !== undefined) {
      const end = lower.indexOf(`</${element}`, cursor);
      const endClose = end === -1 ? -1 : value.indexOf('>', end);
      cursor = endClose === -1 ? value.length : endClose + 1;
    }
  }
  return withoutTagOpeners(result + value.slice(cursor));
}

/** What follows the `<` of a tag, an end tag or a comment. */
const TAG_START = /[a-z/!]/i;

/**
 * Drops each `<` that the stripped text would start a tag with. Removing a tag joins the text on
 * either side of it, and `<</b>script>` or `<<b>img onerror=...>` join into a tag that was not
 * there: one pass from the end, so a `<` dropped before a letter is seen by the `<` before it.
 */
function withoutTagOpeners(text: string): string {
  if (!text.includes('<')) return text;
  const kept: string[] = [];
  let next = '';
  for (let index = text.length - 1; index >= 0; index -= 1) {
    const unit = text.charAt(index);
    if (unit === '<' && TAG_START.test(next)) continue;
    kept.push(unit);
    next = unit;
  }
  return kept.reverse().join('');
}

/**
 * The form texts are compared in for secrets and injection phrases: NFKC, look-alikes folded,
 * lower case, every run of whitespace one space.
 *
 * @param value - Any text.
 * @returns Its comparison form.
 * @example
 * ```ts
 * comparisonForm('Ignore  ALL\nprevious'); // 'ignore all previous'
 * ```
 */
export function comparisonForm(value: string): string {
  return normalizeIdentifier(value).toLowerCase().replace(SPACING, ' ');
}

/**
 * The runs of white space that are not already one space: two units or more, or one that is not
 * a space. Replacing every run (`/\s+/g`) replaced each space of prose by a space, 0.9 ms for
 * 100 KB.
 */
const SPACING = /\s{2,}|[^\S ]/g;
