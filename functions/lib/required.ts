/**
 * A value the code's own logic guarantees (an SDK answer's always-present field, a map entry
 * just written), checked instead of asserted with `!`: if the guarantee ever breaks, the error
 * names what was missing instead of failing later on `undefined`.
 */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}
