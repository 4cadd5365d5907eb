import dayjs from 'dayjs';

/** What the company's contracts list needs of a contract. */
type RegisterRow = {
  contractable_type: string;
  contractable_id: string;
  subject_name?: string | null;
  type_name: string;
  status: string;
  contractor_legal_name: string;
  contractee_legal_name: string;
  start_date: string;
  end_date: string | null;
};

export type RegisterFilter = { text: string; status: string; endingSoon: boolean };

const SUBJECT_WORDS: Record<string, string> = { release: 'Release', label: 'Label', artist: 'Artist' };
const SUBJECT_PAGES: Record<string, string> = { release: 'releases', label: 'labels', artist: 'artists' };

/** "Release: Northern Lights EP"; a subject since deleted is said so. */
export function subjectWords(row: RegisterRow): string {
  const kind = SUBJECT_WORDS[row.contractable_type] ?? 'Record';
  return `${kind}: ${row.subject_name || 'no longer in the catalogue'}`;
}

/** The page of what the contract is on. */
export const subjectPath = (row: RegisterRow) =>
  `/user/${SUBJECT_PAGES[row.contractable_type] ?? 'releases'}/${encodeURIComponent(row.contractable_id)}`;

/** How many days ahead "ending soon" looks: a quarter, time enough to renew or renegotiate. */
const ENDING_SOON_DAYS = 90;

/**
 * The contracts to list: those matching the words (in either party's name, the subject's name or the contract's kind,
 * any case) and the status, and, when asked, only contracts not terminated whose end falls between today and 90 days
 * on. In force first, the soonest to end first (open-ended ones after those with an end), then by start; terminated
 * ones last.
 */
export function contractsToShow<R extends RegisterRow>(rows: readonly R[], filter: RegisterFilter, today: string): R[] {
  const words = filter.text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const horizon = dayjs(today).add(ENDING_SOON_DAYS, 'day').format('YYYY-MM-DD');
  const endsSoon = (r: R) => r.status !== 'terminated' && !!r.end_date && r.end_date >= today && r.end_date <= horizon;
  const haystack = (r: R) =>
    [r.contractee_legal_name, r.contractor_legal_name, r.subject_name ?? '', r.type_name].join(' ').toLowerCase();
  const rank = (r: R) => (r.status === 'terminated' ? 1 : 0);
  return rows
    .filter((r) => words.every((w) => haystack(r).includes(w)))
    .filter((r) => !filter.status || r.status === filter.status)
    .filter((r) => !filter.endingSoon || endsSoon(r))
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        (a.end_date ?? '9999-12-31').localeCompare(b.end_date ?? '9999-12-31') ||
        a.start_date.localeCompare(b.start_date),
    );
}
