/**
 * The units names and keys are spelled with in the syntaxes that write calls as code
 * (`get_weather(city=...)`, `call:get_weather{...}`): ASCII letters, digits and `_`.
 */

/**
 * Whether a unit may start a name: an ASCII letter or `_`.
 *
 * @param unit - The UTF-16 unit.
 * @returns True for `[A-Za-z_]`.
 */
export function isNameStartUnit(unit: number): boolean {
  return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a) || unit === 0x5f;
}

/**
 * Whether a unit may go on a name: an ASCII letter, digit or `_`.
 *
 * @param unit - The UTF-16 unit.
 * @returns True for `[A-Za-z0-9_]`.
 */
export function isWordUnit(unit: number): boolean {
  return isNameStartUnit(unit) || (unit >= 0x30 && unit <= 0x39);
}
