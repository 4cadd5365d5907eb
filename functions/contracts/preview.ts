import { payeeSplitError, royaltyTermsProblem, termWords } from '../../shared/contract-terms.js';
import type { ContractPreviewInput } from '../../shared/schemas/contracts.js';
import * as access from '../data/access/contracts.js';
import { InvalidField } from '../lib/errors.js';
import { literal } from '../royalties/ledger/sql.js';
import {
  coverJoin,
  exactFromUnits,
  formatJoin,
  rowsOf,
  unitsFromExact,
  unitsOf,
  weightSetJoin,
  withAllocation,
} from '../money/index.js';
import type { EngineContract } from '../money/index.js';

/**
 * "What would this contract pay": the earnings engine run over past months of the company's
 * ledger with the unsaved contract in place, read-only (nothing is stored). The contract stands in
 * for its subject's contracts (the one being edited, and any other on the same release, label or
 * artist) and is taken as in force over those months, so the figures are the ones a statement would
 * show had it been signed then. Per term: its lines, units, the label's share of them, and what
 * the contract's payees would be paid, exact to the millionth.
 */
const PREVIEW_ID = 'preview';

export type TermPreview = {
  /** The term's number (from 1), or null for the sales no term covers (the label keeps them). */
  term: number | null;
  words: string;
  lines: number;
  units: number;
  label_share: string;
  amount: string;
};

/**
 * Sales a term covers but cannot pay, in the user's words: a PPD term needs the release's dealer price,
 * and a term on gross or PPD is paid out of the label's share, so sales that left none pay nothing.
 */
const NOT_PAID_WORDS: Record<string, string> = {
  no_dealer_price:
    'the release has no dealer price for their format, which a term on the published price to dealer needs: set it on the release’s products',
  no_label_share: 'these sales left the label no share to pay the royalty from',
};

export type NotPaid = {
  term: number;
  words: string;
  reason: string;
  lines: number;
  units: number;
  label_share: string;
};

export async function previewContract(tenantId: string, input: ContractPreviewInput) {
  const { royalty_terms: royalty, contract_payees: payees } = input;
  const problem = royaltyTermsProblem(royalty);
  if (problem) throw new InvalidField(problem.field, problem.text);
  const split = payeeSplitError(payees);
  if (split) throw new InvalidField('contract_payees', split);
  const names = await access.payeeNames(
    tenantId,
    payees.map((p) => p.payee_id),
  );
  if (payees.some((p) => !names.has(p.payee_id)))
    throw new InvalidField('contract_payees', 'A payee is not one of your payees');
  const edited = input.contract_id ? await access.getContract(tenantId, input.contract_id) : null;
  const start = `${input.start_pay_period}-01`;
  const standIn: EngineContract = {
    id: PREVIEW_ID,
    contractable_type: input.contractable_type,
    contractable_id: input.contractable_id,
    status: 'signed',
    start_date: start,
    end_date: null,
    contractee_legal_name: edited?.contractee_legal_name,
    versions: [{ version: 1, effective_date: start, royalty_terms: royalty, contract_payees: payees }],
    ...(edited?.escalation_stated ? { stated: edited.escalation_stated as EngineContract['stated'] } : {}),
  };
  const sameSubject = (c: EngineContract) =>
    c.contractable_type === input.contractable_type && c.contractable_id === input.contractable_id;
  const scope = {
    kind: 'payee' as const,
    start_pay_period: input.start_pay_period,
    end_pay_period: input.end_pay_period,
    label_ids: [],
    accounts: [],
  };
  const rows = await withAllocation(
    tenantId,
    scope,
    async (p) => {
      const { joins, wsId, sid } = weightSetJoin('payee', 'l', p.contracts);
      const lines = `SELECT l.quantity, l.u, ${wsId} AS ws_id, ${sid} AS sid
        FROM (SELECT *, ${unitsOf('label_payable')} AS u FROM ${p.lines}) l ${formatJoin('l')} ${joins}`;
      const ours = `w.contract_id = ${literal(PREVIEW_ID)}`;
      const [sales, paid, unpaid] = await Promise.all([
        rowsOf(
          p,
          `SELECT w.owner_id, count(*) AS lines, CAST(coalesce(sum(l.quantity), 0) AS VARCHAR) AS units,
             CAST(sum(l.u) AS VARCHAR) AS label_u
           FROM (${lines}) l JOIN st_ws w ON w.ws_id = l.ws_id WHERE ${ours} GROUP BY w.owner_id`,
        ),
        rowsOf(
          p,
          `SELECT w.owner_id, CAST(sum(sign(l.u) * s.share) AS VARCHAR) AS paid
           FROM (${lines}) l JOIN st_ws w ON w.ws_id = l.ws_id JOIN st_split s ON s.sid = l.sid AND s.ua = abs(l.u)
           WHERE ${ours} AND s.acct_no <> 0 GROUP BY w.owner_id`,
        ),
        // Covered by a term that cannot pay them (no weight set): why, per term.
        rowsOf(
          p,
          `SELECT kc.term_index, kc.problem, count(*) AS lines, CAST(coalesce(sum(l.quantity), 0) AS VARCHAR) AS units,
             CAST(sum(${unitsOf('l.label_payable')}) AS VARCHAR) AS label_u
           FROM ${p.lines} l JOIN st_cover kc ON ${coverJoin('kc', 'l')}
           WHERE kc.contract_id = ${literal(PREVIEW_ID)} AND kc.problem IS NOT NULL
           GROUP BY ALL ORDER BY ALL`,
        ),
      ]);
      return {
        sales,
        paid: new Map(paid.map((r) => [String(r.owner_id), BigInt(String(r.paid))])),
        unpaid,
      };
    },
    {},
    (catalogue) => ({
      ...catalogue,
      contracts: [...(catalogue.contracts ?? []).filter((c) => c.id !== input.contract_id && !sameSubject(c)), standIn],
    }),
  );
  // A term's sales may be in several sets (its own rate, escalated, split at a threshold): summed per term.
  const byTerm = new Map<string, { lines: number; units: bigint; label: bigint; paid: bigint }>();
  for (const row of rows.sales) {
    const owner = String(row.owner_id);
    const term = owner.split(':')[2] ?? 'none';
    const sum = byTerm.get(term) ?? { lines: 0, units: 0n, label: 0n, paid: 0n };
    byTerm.set(term, {
      lines: sum.lines + Number(row.lines),
      units: sum.units + BigInt(String(row.units)),
      label: sum.label + BigInt(String(row.label_u)),
      paid: sum.paid + (rows.paid.get(owner) ?? 0n),
    });
  }
  const preview = (key: string, term: number | null, words: string): TermPreview => {
    const sum = byTerm.get(key) ?? { lines: 0, units: 0n, label: 0n, paid: 0n };
    return {
      term,
      words,
      lines: sum.lines,
      units: Number(sum.units),
      label_share: exactFromUnits(sum.label),
      amount: exactFromUnits(sum.paid),
    };
  };
  const terms = [
    ...royalty.terms.map((t, i) => preview(String(i), i + 1, termWords(t, royalty.packaging_deductions))),
    preview('none', null, 'Sales no term covers: the label keeps them'),
  ];
  const total = terms.reduce((t, r) => t + unitsFromExact(r.amount), 0n);
  const notPaid = rows.unpaid.map((r): NotPaid => {
    const term = Number(r.term_index) + 1;
    const sentence = royalty.terms[term - 1];
    return {
      term,
      words: sentence ? termWords(sentence, royalty.packaging_deductions) : '',
      reason: NOT_PAID_WORDS[String(r.problem)] ?? 'the term cannot pay them',
      lines: Number(r.lines),
      units: Number(r.units),
      label_share: exactFromUnits(String(r.label_u)),
    };
  });
  return {
    preview: {
      start_pay_period: input.start_pay_period,
      end_pay_period: input.end_pay_period,
      terms,
      not_paid: notPaid,
      amount: exactFromUnits(total),
    },
  };
}
