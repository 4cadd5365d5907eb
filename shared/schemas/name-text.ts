import { z } from 'zod';
import { humanizeField } from '../messages.js';

/**
 * Characters a name never needs and that can disguise it: C0 control characters (tab and line
 * breaks included, a name is one line) and DEL, and the Unicode embedding, override and isolate
 * marks (U+202A–U+202E, U+2066–U+2069) that reverse how the text around them is shown. A name is
 * copied into mail subjects, statements and files for stores, where such a mark makes a name
 * show reversed ("Invoice" U+202E "fdp.exe" reads "Invoiceexe.pdf").
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const HIDDEN_IN_NAME = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

/** The field a zod issue is about, without list positions ("artists.0.name" → "name"). */
const fieldOf = (path: readonly PropertyKey[] | undefined) =>
  [...(path ?? [])].reverse().find((part): part is string => typeof part === 'string') ?? 'name';

/**
 * The one schema of a name or title (labels, artists, companies, releases, recordings, users): trimmed
 * text of at most `max` characters without the hidden characters above, refused with a 400 naming the field.
 */
export const nameText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((name) => !HIDDEN_IN_NAME.test(name), {
      error: (issue) => `${humanizeField(fieldOf(issue.path))} must not contain control or text-direction characters`,
    });
