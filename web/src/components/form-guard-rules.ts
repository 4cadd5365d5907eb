/**
 * The rules the form shell follows around a submit and around leaving (pure, so they are
 * tested without a browser): which errors the summary lists, and when leaving must be confirmed.
 */

/** One line of the error summary: a field's message (a link that focuses the field) or the form's own. */
export type SummaryItem = { field: string | null; text: string };

/**
 * The error summary: every field's message once, in the form's order, and the form-level
 * failure first unless it only repeats a field's message (the API's message is its first field
 * error). Errors keyed `form` belong to no field.
 */
export function errorSummary(
  errors: Readonly<Record<string, string | undefined>>,
  failure?: string | null,
): SummaryItem[] {
  const items: SummaryItem[] = [];
  const seen = new Set<string>();
  for (const [field, text] of Object.entries(errors)) {
    if (!text || seen.has(text)) continue;
    seen.add(text);
    items.push({ field: field === 'form' ? null : field, text });
  }
  const general = failure?.trim();
  if (general && !items.some((item) => general.includes(item.text))) items.unshift({ field: null, text: general });
  return items;
}

/**
 * Whether leaving a form must be confirmed: there are changes not saved, no save is under way
 * (a successful save moves on by itself), and the user is going to another page (a change of the
 * query or hash alone keeps the form).
 */
export function mustConfirmLeaving(state: { dirty: boolean; saving: boolean; from: string; to: string }): boolean {
  return state.dirty && !state.saving && state.from !== state.to;
}
