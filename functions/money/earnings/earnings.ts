import type {
  AccountRef,
  ExactMoney,
  ProvenanceRow,
  RunKind,
  RunTotals,
  RunWarnings,
  StatementSummaries,
  UnaccountableRecording,
} from '../../../shared/schemas/statement-views.js';
import type { ContractPosition } from './escalation-plan.js';
import { earningsOf } from './preview-figures.js';
import { materialise } from './material.js';
import { type AllocationOptions, withAllocation } from './session.js';
import { timed } from '../../lib/step-timings.js';

/**
 * CONTRACT (engine helper replaces the bodies): who is owed what for a period, computed in
 * DuckDB from the tenant's effective ledger (lines + overlays) and the catalogue's payee splits.
 * docs/statements.md states the allocation rule.
 */
export type EarningsScope = {
  kind: RunKind;
  /** YYYY-MM, inclusive. */
  start_pay_period: string;
  end_pay_period: string;
  /** Only these labels' lines; empty: every label. */
  label_ids: string[];
  /** Only these accounts; empty: every account with earnings (or a pending entry). */
  accounts: AccountRef[];
};

export type AccountEarnings = {
  account: AccountRef;
  name: string;
  email: string | null;
  lines: number;
  quantity: number;
  /** Σ of the account's shares of its lines, exact (6 decimals). */
  royalties: ExactMoney;
  /** Distribution statements: the distributor's fee on the label's lines; payees: "0". */
  aggregator_fee: ExactMoney;
  /** The labels its lines belong to (a payee statement's label when there is one). */
  label_ids: string[];
  /**
   * Of its royalties, what it earned under each contract, by contract id (what its statement recoups from and holds
   * reserves on); absent when no contract decided any of its lines.
   */
  contracts?: ContractEarning[];
};

export type EarningsResult = {
  accounts: AccountEarnings[];
  totals: RunTotals;
  warnings: Omit<RunWarnings, 'payees_without_email'>;
  unaccountable: UnaccountableRecording[];
};

/**
 * The preview's figures: one group-by over the period's lines, split by the allocation rule (allocation.ts).
 * `keep`: a run's preview keeps its earnings and split for its publish step; `answerKeptAs`: a reader that asks
 * again and again keeps the earnings alone, under that name (session.ts).
 */
export async function computeEarnings(
  tenantId: string,
  scope: EarningsScope,
  options: Pick<AllocationOptions, 'keep' | 'answerKeptAs' | 'catalogue'> = {},
): Promise<EarningsResult> {
  return withAllocation(tenantId, scope, earningsOf, options);
}

/** What an account's statement shows beyond its figures, and the CSV of its lines (one file per account, local path). */
export type AccountMaterial = {
  account: AccountRef;
  summaries: StatementSummaries;
  provenance: ProvenanceRow[];
  /**
   * A CSV of the lines behind the statement, one row per line with the account's share
   * (material.ts CSV_COLUMNS: id, pay_period, retailer, territory, sales_format, release, track, isrc, upc,
   * quantity, currency, exchange_rate, amount, label_payable, weight, term — the contract term that decided
   * the line, or that no contract did —, share), as local files that make it when joined in this order: the
   * header's, then each month's lines (the upload joins them: no copy of a whole CSV is written).
   */
  csvParts: string[];
  lines: number;
  /** Σ of the CSV's share column: equals the account's AccountEarnings.royalties. */
  lines_total: ExactMoney;
  /** Of those royalties, what the account earned under each contract (recouped first when published). */
  contracts: ContractEarning[];
};

/**
 * An account's exact earnings under one contract in the period, and of them its physical sales (returns left out);
 * for a contract with escalations, also the contract's own sales in each month (every payee's, once).
 */
export type ContractEarning = {
  contract_id: string;
  earned: ExactMoney;
  physical?: ExactMoney;
  positions?: ContractPosition[];
};

/**
 * Publishing: the same computation, written out once for every account of the run into
 * `workDir` (one pass over the lines, not one per account).
 */
export async function materialiseRun(
  tenantId: string,
  scope: EarningsScope,
  workDir: string,
): Promise<{ earnings: EarningsResult; material: Map<string, AccountMaterial> }> {
  return withAllocation(
    tenantId,
    scope,
    async (prepared) => {
      const earnings = await timed('materialise.earnings', () => earningsOf(prepared));
      return { earnings, material: await materialise(prepared, earnings, workDir) };
    },
    // The run's preview kept its earnings and split: the same ledger, catalogue and months load them.
    { keep: true },
  );
}
