import { contractDatesProblem } from '../../../../shared/contract-terms';
import { contractUpdateInput } from '../../../../shared/schemas/contracts';
import { dayProblem, zodErrors } from '../../components/form-rules';

/**
 * A draft contract's details as the page edits them: the parties' legal names, its dates and the words its document
 * prints (act name, record label, formats …). Checked with the schema the API checks them with, so the page names the
 * field the API would refuse before anything is sent.
 */

/**
 * The document's words the page shows and edits (every one an artist release contract's details hold, the delivery
 * date aside, which is a day), as the page and the document name them; long ones get a text area.
 */
export const DETAIL_WORDS = [
  { key: 'act_name', label: 'Act name', long: false },
  { key: 'remixer_name', label: 'Remixer name', long: false },
  { key: 'record_label', label: 'Record label', long: false },
  { key: 'revenue_share', label: 'Revenue share', long: false },
  { key: 'formats', label: 'Formats', long: false },
  { key: 'territory', label: 'Territory', long: false },
  { key: 'term', label: 'Term', long: false },
  { key: 'release_commitment', label: 'Release commitment', long: true },
  { key: 'recordings', label: 'Recordings', long: true },
  { key: 'other_commitments', label: 'Other commitments', long: true },
] as const;

/** Whom a contract is with, in the page's words: an artist, or (a contract brought in from a file) a payee. */
export const contracteeWord = (contracteeType: string | undefined) => (contracteeType === 'payee' ? 'Payee' : 'Artist');
type WordKey = (typeof DETAIL_WORDS)[number]['key'];

export type DetailsForm = {
  contractor_legal_name: string;
  contractee_legal_name: string;
  start_date: string;
  /** '' when the contract runs until it is terminated. */
  end_date: string;
  delivery_date: string;
} & Record<WordKey, string>;

type ContractDetails = {
  contractor_legal_name: string;
  contractee_legal_name: string;
  start_date: string;
  end_date: string | null;
  metadata: Record<string, string | undefined>;
};

/** The form as the contract stands. */
export function detailsForm(contract: ContractDetails): DetailsForm {
  const words = Object.fromEntries(DETAIL_WORDS.map(({ key }) => [key, contract.metadata[key] ?? ''])) as Record<
    WordKey,
    string
  >;
  return {
    contractor_legal_name: contract.contractor_legal_name,
    contractee_legal_name: contract.contractee_legal_name,
    start_date: contract.start_date,
    end_date: contract.end_date ?? '',
    delivery_date: contract.metadata.delivery_date ?? '',
    ...words,
  };
}

/**
 * The change to send for the form, or the problems that keep it from being sent ({ field: message }). The metadata is
 * sent whole, as the API replaces it: any word the page does not edit is kept as it is; a blank word is left out. A
 * blank end date takes the end date away.
 */
export function detailsChange(
  contract: ContractDetails,
  form: DetailsForm,
): { change: Record<string, unknown>; problems: null } | { change: null; problems: Record<string, string> } {
  // Days first, in the words every form's day field uses (the field shows DD/MM/YYYY).
  const days = Object.entries({
    start_date: dayProblem('Start date', form.start_date, true),
    end_date: dayProblem('End date', form.end_date),
    delivery_date: dayProblem('Delivery date', form.delivery_date),
  }).filter((entry): entry is [string, string] => entry[1] !== null);
  if (days.length) return { change: null, problems: Object.fromEntries(days) };
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(contract.metadata)) if (value) metadata[key] = value;
  for (const key of [...DETAIL_WORDS.map((word) => word.key), 'delivery_date'] as const) {
    const value = form[key].trim();
    if (value) metadata[key] = value;
    else delete metadata[key];
  }
  const change = {
    contractor_legal_name: form.contractor_legal_name,
    contractee_legal_name: form.contractee_legal_name,
    start_date: form.start_date.trim(),
    end_date: form.end_date.trim() || null,
    metadata,
  };
  const checked = contractUpdateInput.safeParse(change);
  if (!checked.success) return { change: null, problems: problemsByField(zodErrors(checked.error, change)) };
  const dates = contractDatesProblem(change.start_date, change.end_date);
  if (dates) return { change: null, problems: { end_date: dates } };
  return { change, problems: null };
}

/** Problems keyed as the form's fields: a metadata word's ("metadata.act_name") under its own name. */
export function problemsByField(problems: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(problems).map(([field, text]) => [field.replace(/^metadata\./, ''), text]));
}
