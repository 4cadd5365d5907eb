/**
 * How a day is typed in the date fields (DateInput): DD/MM/YYYY, the way a UK label writes one, while the forms hold
 * and send YYYY-MM-DD, what the API stores. A day typed year first (2026/05/01 or 2026-05-01, as pasted from a file)
 * cannot be misread and is taken too. Anything else is handed on as typed, so the form's rules refuse it with the
 * field named rather than this turning it into another day.
 */
export const DAY_TYPED_AS = 'DD/MM/YYYY';

const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YEAR_FIRST = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/;
const two = (part: string) => part.padStart(2, '0');

/** A held day (YYYY-MM-DD) as the field shows it: "01/05/2026". Anything else is shown as it is. */
export function typedDay(held: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(held);
  return parts ? `${parts[3]}/${parts[2]}/${parts[1]}` : held;
}

/** What is typed as the form holds it: "1/5/2026" → "2026-05-01"; text that is no day stays as typed. */
export function heldDay(typed: string): string {
  const text = typed.trim();
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) return `${dayFirst[3]}-${two(dayFirst[2])}-${two(dayFirst[1])}`;
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return `${yearFirst[1]}-${two(yearFirst[2])}-${two(yearFirst[3])}`;
  return text;
}
