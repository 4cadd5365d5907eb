import { contractDatesProblem, royaltyTermsProblem } from '../../shared/contract-terms.js';
import { formatMoney } from '../../shared/money.js';
import type { ContractImportPreviewRow, ContractImportProblem } from '../../shared/schemas/contract-imports.js';
import { type ContractCreateInput, contractCreateInput } from '../../shared/schemas/contracts.js';
import { formatPercent } from '../../shared/format.js';
import { CONTRACT_TYPE_REFUSAL, CONTRACT_TYPE_WORDS } from '../../shared/contract-names.js';

/**
 * Reads the rows of a contracts file (pure): each row is one contract, on a release of the company (by UPC) or an
 * artist (by name), with a payee of the company (by name or id) as the contractee, its type, dates and the simplest
 * deal (one royalty rate on net receipts, an advance, an unrecouped balance brought from the other system). Each row
 * becomes the very input `POST /contracts` takes and is checked with its schema and rules; every problem of every
 * row is reported with its row (as the spreadsheet numbers it) and column, in words; nothing is guessed.
 */

/** The columns read, by their header (the reader lower-cases headers). */
const CONTRACT_IMPORT_COLUMNS = [
  'release_upc',
  'artist',
  'contractee',
  'contractee_legal_name',
  'type',
  'start_date',
  'end_date',
  'royalty_rate',
  'advance',
  'unrecouped_balance',
] as const;
const REQUIRED = ['contractee', 'start_date'] as const;

type Named = { id: string; name: string };
export type ContractImportInput = {
  headers: readonly string[];
  /** rows[i] is the spreadsheet's row i + 2; blank rows are kept so the numbers stay the user's. */
  rows: readonly Record<string, string>[];
  releases: readonly { id: string; title: string; upc: string | null }[];
  artists: readonly Named[];
  payees: readonly Named[];
  /** The company's name: the contractor's legal name on every contract of the file. */
  contractor: string;
  /** The company's currency: the preview says the advance and balance in it. */
  currency: string;
};
export type ContractImportRow = { row: number; input: ContractCreateInput; preview: ContractImportPreviewRow };
export type ContractImportRead = {
  /** Rows read, blank rows not counted. */
  rows: number;
  /** The rows without a problem, in the file's order: one contract each. */
  contracts: ContractImportRow[];
  problems: ContractImportProblem[];
};

/** The contract types in the words people use (and the API's names), lower-cased. */
const TYPES: Record<string, ContractCreateInput['type']> = {
  'artist release contract': 'artist_release_contract',
  'artist release': 'artist_release_contract',
  artist_release_contract: 'artist_release_contract',
  licence: 'licence',
  license: 'licence',
  generic: 'generic',
  'generic contract': 'generic',
  // A generic contract is a "Contract" on every page.
  contract: 'generic',
};

const nameKey = (name: string) => name.normalize('NFC').trim().toLowerCase();
/** A UPC as digits without leading zeros: a 12-digit UPC and its 13-digit EAN with a leading 0 are one code. */
const upcKey = (upc: string) => upc.replace(/\s/g, '').replace(/^0+(?=\d)/, '');

/** Finds a name among the company's (by id first, else by name without regard to case); a shared name is ambiguous. */
function finder(items: readonly Named[], what: string, byIdToo: boolean) {
  const byId = new Map(items.map((item) => [item.id, item]));
  const byName = new Map<string, Named[]>();
  for (const item of items) byName.set(nameKey(item.name), [...(byName.get(nameKey(item.name)) ?? []), item]);
  return (text: string): { found: Named } | { problem: string } => {
    const found = byIdToo ? byId.get(text) : undefined;
    if (found) return { found };
    const named = byName.get(nameKey(text)) ?? [];
    if (named.length === 1) return { found: named[0] };
    if (named.length > 1)
      return {
        problem: `${named.length} ${what}s are named "${text}"${byIdToo ? `: give the ${what}'s id instead of the name` : ''}`,
      };
    return { problem: `No ${what} named "${text}" in this company` };
  };
}

/** An amount as typed ("1,500.00", "£1500"): the plain amount the API reads, or null when it is not one. */
function readAmount(text: string): string | null {
  const body = text.replace(/[\s£$€]/g, '');
  const match = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.exec(body);
  return match ? `${match[1].replace(/,/g, '')}${match[3] ?? ''}` : null;
}

/** Which column a problem of the API's input belongs to, by the input's path. */
function columnOf(path: readonly PropertyKey[]): string {
  const [first, second, third] = path.map(String);
  if (first === 'royalty_terms') {
    if (second === 'terms' || third === 'rate') return 'royalty_rate';
    if (second === 'advance') return 'advance';
    if (second === 'opening_balance') return 'unrecouped_balance';
    return 'royalty_rate';
  }
  if (first === 'contractable_id') return 'release_upc';
  if (first === 'contract_payees' || first === 'contractee_id') return 'contractee';
  if (first === 'contractor_legal_name') return 'contractee';
  return first ?? 'file';
}

/** Reads every row, collecting every problem; the contracts are the rows that read. */
export function readContractImport(input: ContractImportInput): ContractImportRead {
  const missing: string[] = REQUIRED.filter((column) => !input.headers.includes(column));
  if (!input.headers.includes('release_upc') && !input.headers.includes('artist')) missing.unshift('release_upc');
  if (missing.length) {
    const columns = CONTRACT_IMPORT_COLUMNS.join(', ');
    return {
      rows: 0,
      contracts: [],
      problems: missing.map((column) => ({
        row: 1,
        column,
        message:
          column === 'release_upc'
            ? `The file has neither a "release_upc" nor an "artist" column: each row says what the contract is on (the first row names the columns: ${columns})`
            : `The file has no "${column}" column (the first row names the columns: ${columns})`,
      })),
    };
  }
  const findPayee = finder(input.payees, 'payee', true);
  const findArtist = finder(input.artists, 'artist', false);
  const releasesByUpc = new Map<string, { id: string; title: string }[]>();
  for (const release of input.releases) {
    if (!release.upc) continue;
    const key = upcKey(release.upc);
    releasesByUpc.set(key, [...(releasesByUpc.get(key) ?? []), release]);
  }
  const seen = new Map<string, number>();
  const problems: ContractImportProblem[] = [];
  const contracts: ContractImportRow[] = [];
  let rows = 0;
  input.rows.forEach((cells, index) => {
    const cell = (column: string) => (cells[column] ?? '').trim();
    if (Object.values(cells).every((value) => value.trim() === '')) return;
    rows += 1;
    const row = index + 2;
    const before = problems.length;
    const refuse = (column: string, message: string) => problems.push({ row, column, message });

    // What the contract is on: a release by its UPC, or an artist by name; one of the two.
    const upc = cell('release_upc');
    const artistName = cell('artist');
    let subject: { type: 'release' | 'artist'; id: string; name: string } | null = null;
    if (upc && artistName)
      refuse('release_upc', 'Give a release UPC or an artist, not both: a contract is on one of them');
    else if (upc) {
      const found = releasesByUpc.get(upcKey(upc)) ?? [];
      if (found.length === 1) subject = { type: 'release', id: found[0].id, name: found[0].title };
      else if (found.length > 1) refuse('release_upc', `${found.length} releases have the UPC ${upc}`);
      else refuse('release_upc', `No release with the UPC ${upc} in this company`);
    } else if (artistName) {
      const found = findArtist(artistName);
      if ('problem' in found) refuse('artist', found.problem);
      else subject = { type: 'artist', id: found.found.id, name: found.found.name };
    } else refuse('release_upc', 'Release UPC or artist is required: what the contract is on');

    const contracteeText = cell('contractee');
    const payee = contracteeText ? findPayee(contracteeText) : { problem: 'Contractee is required' };
    if ('problem' in payee) refuse('contractee', payee.problem);

    const typeText = cell('type');
    const type = typeText ? TYPES[nameKey(typeText)] : 'artist_release_contract';
    if (!type) refuse('type', CONTRACT_TYPE_REFUSAL);

    const rateText = cell('royalty_rate').replace(/\s*%$/, '');
    const advanceText = cell('advance');
    const advance = advanceText ? readAmount(advanceText) : undefined;
    if (advance === null) refuse('advance', 'Advance must be an amount such as 1500.00');
    const balanceText = cell('unrecouped_balance');
    const balance = balanceText ? readAmount(balanceText) : undefined;
    if (balance === null) refuse('unrecouped_balance', 'Unrecouped balance must be an amount such as 1500.00');

    // A row whose subject, contractee or type did not read is still checked for the rest (its dates, its rate), with
    // stand-ins for what did not read: one check tells every problem of the row, not one more per fix.
    const payeeId = 'found' in payee ? payee.found.id : 'unread';
    const candidate = {
      contractable_type: subject?.type ?? 'release',
      contractable_id: subject?.id ?? 'unread',
      type: type ?? 'artist_release_contract',
      contractee_type: 'payee',
      contractee_id: payeeId,
      contractee_legal_name: cell('contractee_legal_name') || ('found' in payee ? payee.found.name : 'unread'),
      contractor_legal_name: input.contractor,
      start_date: cell('start_date'),
      ...(cell('end_date') ? { end_date: cell('end_date') } : {}),
      // The contractee is paid the whole of what the contract pays.
      contract_payees: [{ payee_id: payeeId, share: '100' }],
      royalty_terms: {
        deal_type: 'royalty',
        terms: rateText ? [{ rate: rateText, base: 'net_receipts' }] : [],
        ...(advance ? { advance } : {}),
        ...(balance ? { opening_balance: balance } : {}),
      },
    };
    // The API's own schema and rules: a row is refused exactly where POST /contracts would refuse it.
    const parsed = contractCreateInput.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = columnOf(issue.path);
        if (column === 'start_date' && !cell('start_date')) refuse(column, 'Start date is required');
        else refuse(column, issue.message);
      }
      // Both days read (the problem is elsewhere): they are still checked against each other.
      if (!parsed.error.issues.some((issue) => ['start_date', 'end_date'].includes(String(issue.path[0])))) {
        const dates = contractDatesProblem(cell('start_date'), cell('end_date') || undefined);
        if (dates) refuse('end_date', dates);
      }
      return;
    }
    const contract = parsed.data;
    const dates = contractDatesProblem(contract.start_date, contract.end_date);
    if (dates) refuse('end_date', dates);
    const terms = royaltyTermsProblem(contract.royalty_terms);
    if (terms) refuse('royalty_rate', terms.text);
    if (problems.length > before || !subject || 'problem' in payee || !type) return;
    const key = [subject.type, subject.id, payee.found.id, contract.type, contract.start_date].join('|');
    if (seen.has(key))
      refuse(subject.type === 'release' ? 'release_upc' : 'artist', `Row ${seen.get(key)} has the same contract`);
    else seen.set(key, row);
    if (problems.length > before) return;

    const deal = [
      rateText ? `${formatPercent(contract.royalty_terms.terms[0]?.rate)} of net receipts` : 'No royalty rate yet',
      contract.royalty_terms.advance ? `advance ${formatMoney(contract.royalty_terms.advance, input.currency)}` : null,
      contract.royalty_terms.opening_balance
        ? `unrecouped ${formatMoney(contract.royalty_terms.opening_balance, input.currency)}`
        : null,
    ]
      .filter(Boolean)
      .join('; ');
    contracts.push({
      row,
      input: contract,
      preview: {
        row,
        subject: `${subject.type === 'release' ? 'Release' : 'Artist'}: ${subject.name}`,
        contractee: payee.found.name,
        type: CONTRACT_TYPE_WORDS[contract.type],
        start_date: contract.start_date,
        end_date: contract.end_date ?? null,
        deal,
      },
    });
  });
  if (!rows) problems.push({ row: null, column: null, message: 'The file has no rows of contracts under its header' });
  return { rows, contracts, problems };
}
