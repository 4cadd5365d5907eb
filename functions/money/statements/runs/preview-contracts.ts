import { accountKeyOf } from '../../accounts/account.js';
import type { RecoupmentPosition } from '../../../../shared/contract-recoupment.js';
import type { AccountRef } from '../../../../shared/schemas/statement-views.js';
import type { StatementHead } from '../../../data/access/statements.js';
import type { StatementRunItem } from '../../../data/entities/statements.js';
import type { ContractEarning } from '../../earnings/earnings.js';
import type { ContractFigures } from '../accounts/account-figures.js';
import {
  type ContractMoneyDeps,
  contractIdsOf,
  type GivenBack,
  planContractMoney,
  previousStatedId,
} from './contract-money.js';

/** An account of a run's preview: its earnings under each contract, as the engine summed them. */
export type PreviewAccount = { account: AccountRef; contracts?: readonly ContractEarning[] };

/**
 * What contracts will do to each previewed account's statement (reserves held and released, advances and costs
 * recouped), planned by the plan its publication makes (planContractMoney), from the same earnings under each contract
 * and the same positions, so a preview's row says what its statement will say. Only accounts whose statement a contract
 * concerns (contractIdsOf) are planned, and their contracts' positions are read once for the run.
 *
 * The accounts come in the run's order, the order their statements are queued in: payees of one contract recoup its
 * one balance in turn, each from what those before it left. Statements are published side by side, so two payees of
 * one contract with too little left for both may be published the other way round: the run recoups the same in all,
 * and once published the run's rows are the statements' own (rowsAsStated). A correction's run (one account) gives
 * back what the statement it replaces recouped (`correction`), as its publication does.
 */
export async function previewContractFigures(
  run: Pick<StatementRunItem, 'tenantId' | 'start_pay_period' | 'end_pay_period'>,
  accounts: readonly PreviewAccount[],
  statementsOf: (account: AccountRef) => readonly StatementHead[],
  readRecoupment: ContractMoneyDeps['readRecoupment'],
  correction?: GivenBack,
): Promise<Map<string, ContractFigures>> {
  const planned = accounts.flatMap((a) => {
    // The statement in force before the run's months carries the reserves not released yet, as the publication reads it.
    const inForce = statementsOf(a.account).filter((s) => !s.superseded_by);
    const previous = previousStatedId(
      run,
      inForce.map((s) => ({ statement_id: s.statementId, end_pay_period: s.end_pay_period })),
      correction,
    );
    const carried = inForce.find((s) => s.statementId === previous)?.reserves_outstanding ?? [];
    const earnings = a.contracts ?? [];
    const ids = contractIdsOf(earnings, carried, correction);
    return ids.length ? [{ key: accountKeyOf(a.account), earnings, carried, ids }] : [];
  });
  const figures = new Map<string, ContractFigures>();
  if (!planned.length) return figures;
  const all = await readRecoupment(run.tenantId, [...new Set(planned.flatMap((a) => a.ids))], run.end_pay_period);
  // Each contract's recouped total as the statements before in the run leave it.
  const recouped = new Map(all.map((p) => [p.contract_id, p.recouped]));
  for (const a of planned) {
    const positions = positionsFor(all, a.ids).map((p) => ({
      ...p,
      recouped: recouped.get(p.contract_id) ?? p.recouped,
    }));
    const money = planContractMoney(a.earnings, a.carried, positions, correction);
    for (const write of money.writes) recouped.set(write.contract_id, write.recouped);
    if (money.figures) figures.set(a.key, money.figures);
  }
  return figures;
}

/**
 * Of the positions read for the whole run, one statement's: its own contracts' and every other contract of their
 * cross-collateralised groups (what recoupmentPositions reads for one statement).
 */
function positionsFor(all: readonly RecoupmentPosition[], ids: readonly string[]): RecoupmentPosition[] {
  const own = new Set(ids);
  const groups = new Set(all.flatMap((p) => (own.has(p.contract_id) && p.group !== undefined ? [p.group] : [])));
  return all.filter((p) => own.has(p.contract_id) || (p.group !== undefined && groups.has(p.group)));
}
