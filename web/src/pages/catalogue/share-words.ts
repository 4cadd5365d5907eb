import Big from 'big.js';
import { ARTIST_ROW_SHARES, equalPayeeShares } from '../../../../shared/catalogue';
import { VALIDATION } from '../../../../shared/messages';
import { formatPercent } from '../../../../shared/format';

/**
 * What the artist shares of a release or recording pay, in words, as the statements will pay
 * them: a recording's line pays each artist payee share × the artist's share of the line's kind of
 * income (digital, physical, licensing), a release's line (one not reported for a recording) pays
 * the payee share alone, and whatever the artists do not receive the label keeps. A label that
 * leaves the first artist's default 100 pays that artist all of its share; these words say so.
 */
export type ShareFormat = 'digital' | 'physical' | 'licensing';
export const RECORDING_FORMATS: readonly ShareFormat[] = ['digital', 'physical', 'licensing'];

type ShareField = 'payee_share' | keyof typeof ARTIST_ROW_SHARES;
const FORMAT_FIELD: Record<ShareFormat, keyof typeof ARTIST_ROW_SHARES> = {
  digital: 'digital_royalty_share',
  physical: 'physical_royalty_share',
  licensing: 'licensing_royalty_share',
};
/** The fields as the server's messages name them. */
const FIELD_LABEL: Record<ShareField, string> = {
  payee_share: 'Payee share',
  digital_royalty_share: 'Digital royalty share',
  physical_royalty_share: 'Physical royalty share',
  licensing_royalty_share: 'Licensing royalty share',
};

export type ShareWords = {
  /** One sentence per artist row, in the rows' order: what that artist's share pays. */
  rows: string[];
  /** What the artists receive together and what the label keeps, one sentence per kind of income. */
  summary: string[];
  /** A share the server would refuse, in the server's words (then rows and summary are empty). */
  problem: string | null;
};

const HUNDRED = new Big(100);
const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * A share as the server reads it (a number from 0 to 100, blank = unset), rounded as the statements
 * round it (4 decimals, half-up); a string when the server would refuse it.
 */
function readShare(value: unknown, field: ShareField): Big | null | string {
  if (blank(value)) return null;
  const text = String(value).trim();
  const number = Number(text);
  if (!Number.isFinite(number)) return `${FIELD_LABEL[field]} must be a number`;
  const exact = /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? new Big(text) : new Big(String(number));
  if (exact.lt(0)) return `${FIELD_LABEL[field]} must be at least 0`;
  if (exact.gt(100)) return VALIDATION.maxValue(FIELD_LABEL[field], 100);
  return exact.round(4, Big.roundHalfUp);
}

/** A percentage exactly, without trailing zeros: 33.33 → "33.33", 100 → "100", 16.665 → "16.665". */
function percentText(value: Big): string {
  const fixed = value.toFixed(8);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/** The server refuses payee shares over 100 in total, counted in hundredths of a percent. */
function payeeTotalProblem(shares: (Big | null)[]): string | null {
  const hundredths = shares.reduce((sum, s) => sum + (s ? Number(s.times(100).round(0, Big.roundHalfUp)) : 0), 0);
  if (hundredths <= 10_000) return null;
  const total = percentText(new Big(hundredths).div(100));
  return `${VALIDATION.maxValue('Payee share total', 100)}: the artists' payee shares add up to ${formatPercent(total)}, more than the label's share.`;
}

const listed = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const incomeOf = (format: ShareFormat | null) =>
  format ? `${format} income` : 'income reported for the release as a whole';

/** "The artist receives 100 % of the label's share of digital income; the label keeps 0 %." */
function summaryLine(count: number, received: Big, format: ShareFormat | null): string {
  const who = count === 1 ? 'The artist receives' : 'Artists receive';
  if (received.gt(HUNDRED))
    return `${count === 1 ? "The artist's share" : "The artists' shares"} of ${incomeOf(format)} add up to ${formatPercent(percentText(received))}, more than the label's share: statements scale them down to ${formatPercent(100)} and the label keeps nothing.`;
  return `${who} ${formatPercent(percentText(received))} of the label's share of ${incomeOf(format)}; the label keeps ${formatPercent(percentText(HUNDRED.minus(received)))}.`;
}

/**
 * The words for a release's artist rows (`formats` empty) or a recording's (its kinds of income).
 * `rows` are the rows kept (not marked for deletion); `payeesInstead`: the recording names payees,
 * who are paid instead of its artists.
 */
export function shareWords(
  rows: readonly Record<string, unknown>[],
  formats: readonly ShareFormat[],
  { payeesInstead = false }: { payeesInstead?: boolean } = {},
): ShareWords {
  const fields: ShareField[] = ['payee_share', ...formats.map((f) => FORMAT_FIELD[f])];
  const read: Record<string, Big | null>[] = [];
  for (const [index, row] of rows.entries()) {
    const shares: Record<string, Big | null> = {};
    for (const field of fields) {
      const share = readShare(row[field], field);
      if (typeof share === 'string') return { rows: [], summary: [], problem: `Artist ${index + 1}: ${share}` };
      shares[field] = share;
    }
    read.push(shares);
  }
  const total = payeeTotalProblem(read.map((r) => r.payee_share));
  if (total) return { rows: [], summary: [], problem: total };
  const what = formats.length ? 'recording' : 'release';
  if (!rows.length && !payeesInstead)
    return {
      rows: [],
      summary: [`No artist is named: no one is entitled to the label's share of this ${what}'s income.`],
      problem: null,
    };
  if (payeesInstead)
    return {
      rows: rows.map(() => 'Pays nothing while the recording has payees.'),
      summary: [
        "This recording has payees: they are paid instead of its artists, so the artists' shares pay nothing while the payees are there.",
      ],
      problem: null,
    };
  // With no payee share given at all, the server splits the label's share equally between the artists.
  const equal = read.every((r) => r.payee_share === null) ? equalPayeeShares(read.length) : null;
  const payee = read.map((r, i) => (equal ? new Big(equal[i]) : (r.payee_share ?? new Big(0))));
  // A recording's artist is paid its payee share of its share of each kind of income (blank: the default share).
  const paid = (i: number, format: ShareFormat | null) => {
    if (!format) return payee[i];
    const field = FORMAT_FIELD[format];
    return payee[i].times(read[i][field] ?? new Big(ARTIST_ROW_SHARES[field])).div(100);
  };
  const kinds: (ShareFormat | null)[] = formats.length ? [...formats] : [null];
  const rowWords = read.map((_, i) => {
    const parts = kinds.map((format, k) =>
      k === 0
        ? `${formatPercent(percentText(paid(i, format)))} of the label's share of ${incomeOf(format)}`
        : `${formatPercent(percentText(paid(i, format)))} of ${incomeOf(format)}`,
    );
    return `Pays this artist ${listed(parts)}.`;
  });
  const summary = kinds.map((format) =>
    summaryLine(
      read.length,
      read.reduce((sum, _, i) => sum.plus(paid(i, format)), new Big(0)),
      format,
    ),
  );
  if (!formats.length)
    summary.push("Income reported for one of the release's recordings follows that recording's shares.");
  return { rows: rowWords, summary, problem: null };
}
