/**
 * How deep a request body's JSON may nest. The product's deepest real body (a release with its
 * recordings, their contributors and their nested rows) stays under 10 levels; 64 leaves room and
 * keeps every later walk over the parsed body (validation, logging, storage) far from the stack's
 * limit: a body nested thousands of levels deep once answered 500 from a recursive walk.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The deepest nesting of arrays and objects in JSON text, read iteratively (one pass, no stack),
 * so it is safe on any input. Brackets inside strings do not count. It stops early, answering
 * `limit + 1`, as soon as the text goes deeper than `limit`.
 */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return limit + 1;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return deepest;
}
