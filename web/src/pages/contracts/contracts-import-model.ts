import type { ContractImportCheck } from '../../../../shared/schemas/contract-imports';

/** What the contracts import page says of a check's answer (pure); the problem lines are the opening balances'. */

/** The header over a check's problems: how many, and what to do. */
export function contractProblemsHeader(check: ContractImportCheck): string {
  const n = check.problems.length + check.more_problems;
  return `${n} ${n === 1 ? 'problem' : 'problems'}: fix the file and check it again. Nothing is imported until every row reads.`;
}

/** The import button's words. */
export const contractImportLabel = (check: ContractImportCheck) =>
  `Import ${check.contracts} ${check.contracts === 1 ? 'contract' : 'contracts'}`;

/** The template a label fills in: the columns, and two rows showing a release's contract and an artist's. */
const CONTRACT_TEMPLATE_CSV = [
  'release_upc,artist,contractee,contractee_legal_name,type,start_date,end_date,royalty_rate,advance,unrecouped_balance',
  '5060000000011,,Jane Payee,Jane Payee Ltd,Artist release contract,2024-01-01,2026-12-31,18,1500.00,',
  ',Jane Artist,Jane Payee,,Licence,2023-06-01,,25,,300.00',
  '',
].join('\n');

/** The template as a link's target: a CSV file the browser downloads. */
export const contractTemplateHref = () => `data:text/csv;charset=utf-8,${encodeURIComponent(CONTRACT_TEMPLATE_CSV)}`;
