import type { DuckDBConnection } from '@duckdb/node-api';
import {
  blendedRate,
  type Escalation,
  piecesOf,
  piecesWords,
  type Position,
} from '../../../shared/contract-escalation.js';
import { queryRows } from '../../royalties/ledger/query.js';
import { literal } from '../../royalties/ledger/sql.js';
import {
  COVER_COLUMNS,
  type ContractIndex,
  coverOf,
  coverWords,
  type EngineContract,
  type LineFacts,
} from './contract-cover.js';
import { termWords } from '../../../shared/contract-terms.js';
import { type DealerPrice, packagingOf, priceWords, royaltyOnBase } from './term-bases.js';
import { unitsOf, exactFromUnits, unitsFromExact } from '../../royalties/ledger/units.js';
import { formatPercent } from '../../../shared/format.js';

/**
 * Escalations in the engine (docs/contracts.md). A contract with escalations counts its sales over
 * its life: first what its published statements stated for the months before the computation's
 * first month (`stated` on the contract, written by the publishing transaction), then the period's
 * sales in one fixed order: by pay period, then recording, release, label, territory, store, format
 * and category (empty values first). Sales are taken in groups of those columns (the groups the
 * engine gives one term to), and each group is paid at the rate in force where it starts; a group
 * that crosses a threshold gets one exact mix of the rates (contract-escalation.ts), rounded once
 * with the engine's split. Counting from what was stated (not from the ledger's past) makes a
 * statement, its preview and any figure of the same months agree, and a run computed again never
 * counts a month twice.
 */

/** A set the plan adds: a term at an escalated rate (shared by every group wholly beyond), or one group's mix. */
export type EscalatedSet = {
  owner_id: string;
  contract_id: string;
  term: string;
  payees: { payee_id: string; share: string }[];
  /** The rate, in ten-thousandths of a percent, as a fraction. */
  rate: { num: bigint; den: bigint };
};

/** A contract's sales in one pay period, which its statements store so later ones count from them. */
export type ContractPosition = { period: string; units: string; revenue: string };

export type EscalationPlan = {
  sets: EscalatedSet[];
  /** The owner of the set that decides a group (by groupKey), when an escalation, a base or a deduction changes its rate. */
  owners: Map<string, string>;
  /** Groups (by groupKey) whose term cannot be applied, and why: their sales are listed, never paid by guess. */
  problems: Map<string, BaseProblem>;
  /** By contract: its sales in each pay period of the computation. */
  positions: Map<string, ContractPosition[]>;
};

/** Why a covered group's term pays nobody: a PPD term without a dealer price, or no label share to pay from. */
type BaseProblem = 'no_dealer_price' | 'no_label_share';

type Row = Record<string, unknown>;

/** "25 %": ten-thousandths of a percent in words. */
const pctWords = (value: bigint) => formatPercent(exactFromUnits(value * 100n).replace(/\.?0+$/, ''));

/** A group's key: its cover columns (an empty value and a missing one kept apart). */
export const groupKey = (row: Row) =>
  COVER_COLUMNS.map((c) => (row[c] == null ? '\u0001' : String(row[c]))).join('\u0000');

const escalating = (c: EngineContract) => c.versions.some((v) => v.royalty_terms.escalations?.length);
/** A contract whose rate is not one fixed part of the label's share: a base other than net receipts, or packaging. */
const planned = (c: EngineContract) =>
  escalating(c) ||
  c.versions.some(
    (v) =>
      Object.keys(v.royalty_terms.packaging_deductions ?? {}).length ||
      v.royalty_terms.terms.some((t) => t.base !== 'net_receipts'),
  );

/** What the contract's statements stated for the months before `start` (nothing when the computation has no start). */
function statedBefore(contract: EngineContract, start: string): Position {
  const position = { units: 0n, revenue: 0n };
  if (!start) return position;
  for (const [period, stated] of Object.entries(contract.stated ?? {}))
    if (period < start) {
      position.units += BigInt(stated.units);
      position.revenue += unitsFromExact(stated.revenue);
    }
  return position;
}

/**
 * The plan for the period's lines (`lines`: every line of the period, whatever a screen filters, so
 * the order and the count never depend on the view), or null when no contract escalates.
 */
export async function planEscalations(
  connection: DuckDBConnection,
  ledger: { relation: string; params: Record<string, string>; start: string; end: string; held: readonly string[] },
  formatClass: string,
  index: ContractIndex,
  contracts: readonly EngineContract[],
  dealerPrice: DealerPrice = () => null,
): Promise<EscalationPlan | null> {
  if (!contracts.some(planned)) return null;
  const { start, end } = ledger;
  const cols = COVER_COLUMNS.join(', ');
  // Held imports are stated by nobody until accepted: they count towards no threshold either.
  const held = ledger.held.length
    ? `AND (import_id IS NULL OR import_id NOT IN (${ledger.held.map(literal).join(', ')}))`
    : '';
  const lines = `(SELECT * FROM ${ledger.relation} WHERE (${literal(start)} = '' OR pay_period >= ${literal(start)})
    AND (${literal(end)} = '' OR pay_period <= ${literal(end)}) ${held})`;
  const rows = await queryRows(
    connection,
    `SELECT ${cols}, ${formatClass} AS cls, CAST(coalesce(sum(quantity), 0) AS VARCHAR) AS q,
       CAST(sum(${unitsOf('label_payable')}) AS VARCHAR) AS r, CAST(sum(${unitsOf('amount')}) AS VARCHAR) AS g
     FROM ${lines} GROUP BY ALL
     ORDER BY ${COVER_COLUMNS.map((c) => `${c} NULLS FIRST`).join(', ')}`,
    ledger.params,
  );
  const plan: EscalationPlan = { sets: [], owners: new Map(), problems: new Map(), positions: new Map() };
  const where = new Map<string, Position>();
  const periods = new Map<string, Map<string, Position>>();
  const known = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const cover = coverOf(index, row as unknown as LineFacts);
    if (!cover || !planned(cover.contract)) continue;
    const id = cover.contract.id;
    const sale = { units: BigInt(String(row.q)), revenue: BigInt(String(row.r)) };
    let before: Position = { units: 0n, revenue: 0n };
    if (escalating(cover.contract)) {
      before = where.get(id) ?? statedBefore(cover.contract, start);
      where.set(id, { units: before.units + sale.units, revenue: before.revenue + sale.revenue });
      const period = String(row.pay_period);
      const byPeriod = periods.get(id) ?? new Map<string, Position>();
      const sum = byPeriod.get(period) ?? { units: 0n, revenue: 0n };
      byPeriod.set(period, { units: sum.units + sale.units, revenue: sum.revenue + sale.revenue });
      periods.set(id, byPeriod);
    }
    const terms = cover.version.royalty_terms;
    if (cover.term_index === null) continue;
    const term = terms.terms[cover.term_index];
    if (!term) continue;
    const escalations: Escalation[] = terms.escalations ?? [];
    const pieces = piecesOf(term.rate, escalations, cover.term_index, before, sale);
    const [only] = pieces;
    if (!only) continue;
    const configuration = row.sales_format == null ? null : String(row.sales_format);
    const packaging = packagingOf(terms.packaging_deductions ?? {}, configuration, row.cls === 'physical');
    const deduction = packaging?.deduction ?? 0n;
    const fixed = pieces.length === 1 && only.escalation === null;
    if (term.base === 'net_receipts' && fixed && !deduction) continue;
    const termSet = `${id}:${cover.version.version}:${cover.term_index}`;
    const rate = blendedRate(pieces);
    const words = [
      coverWords(cover),
      packaging && !termWords(term, terms.packaging_deductions).includes('packaging')
        ? `less ${pctWords(packaging.deduction)} packaging on ${packaging.configuration}`
        : '',
      piecesWords(pieces, escalations, sale.units),
    ];
    let owner: string;
    let setRate: { num: bigint; den: bigint };
    if (term.base === 'net_receipts') {
      // A fixed part of the label's share: rate × (1 − deduction), shared by every group alike.
      owner = `${termSet}:${pieces.length === 1 ? `e${only.escalation ?? '-'}` : `x${i}`}:p${deduction}`;
      setRate = { num: rate.num * (1_000_000n - deduction), den: rate.den * 1_000_000n };
    } else {
      const price =
        term.base === 'ppd' ? dealerPrice(row.release_id == null ? null : String(row.release_id), configuration) : null;
      const outcome = royaltyOnBase(
        term,
        rate,
        deduction,
        { units: sale.units, label: sale.revenue, gross: BigInt(String(row.g)) },
        price,
      );
      if (outcome.kind !== 'paid') {
        plan.problems.set(groupKey(row), outcome.kind);
        continue;
      }
      if (price !== null) words.push(`dealer price ${priceWords(price)}`);
      // The group's royalty as one exact part of its label share (none when the royalty is 0).
      owner = `${termSet}:b${i}`;
      const abs = (v: bigint) => (v < 0n ? -v : v);
      setRate =
        outcome.royalty === 0n
          ? { num: 0n, den: 1n }
          : { num: abs(outcome.royalty) * 1_000_000n, den: abs(sale.revenue) };
    }
    plan.owners.set(groupKey(row), owner);
    if (known.has(owner)) continue;
    known.add(owner);
    plan.sets.push({
      owner_id: owner,
      contract_id: id,
      term: words.filter(Boolean).join('; '),
      payees: cover.version.contract_payees,
      rate: setRate,
    });
  }
  for (const [id, byPeriod] of periods)
    plan.positions.set(
      id,
      [...byPeriod].map(([period, p]) => ({ period, units: String(p.units), revenue: exactFromUnits(p.revenue) })),
    );
  return plan;
}
