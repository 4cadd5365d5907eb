import Big from 'big.js';
import { contractName } from '../../shared/contract-names.js';
import { amountToRecoup, type RecoupmentPosition, unrecouped } from '../../shared/contract-recoupment.js';
import type { RoyaltyTerms } from '../../shared/schemas/contracts.js';
import { money } from '../../shared/schemas/money.js';
import { contractsByIds, listContracts } from '../data/access/contracts.js';
import type { ContractItem } from '../data/entities/contract.js';

/**
 * A contract's recoupment balance: where it starts (its terms' opening balance, else advance and
 * recoupable costs), what its payees' statements recouped, and what remains. Statements move the
 * recouped total when they are published (statements/runs/account-step.ts); this module only reads.
 */
type Version = { version: number; effective_date: string; royalty_terms: RoyaltyTerms };

/** The terms in force in a pay period: the last version effective on or before its month (else the first). */
function termsIn(contract: ContractItem, period: string): RoyaltyTerms {
  const versions = [...((contract.versions ?? []) as Version[])].sort((a, b) => a.version - b.version);
  const version = versions.filter((v) => v.effective_date.slice(0, 7) <= period).pop() ?? versions[0];
  return version?.royalty_terms ?? (contract.royalty_terms as RoyaltyTerms);
}

/**
 * The contract page's live balance, from its current terms; a cross-collateralised contract's is
 * its group's (Σ of what the group's signed contracts have to recoup and have recouped).
 */
export async function liveRecoupment(contract: ContractItem, companyContracts?: readonly ContractItem[]) {
  const terms = contract.royalty_terms as RoyaltyTerms;
  const group = terms.cross_collateral_group;
  const members =
    group === undefined
      ? [contract]
      : (companyContracts ?? (await listContracts(contract.tenantId))).filter(
          (c) =>
            c.id === contract.id ||
            (c.status !== 'draft' && (c.royalty_terms as RoyaltyTerms).cross_collateral_group === group),
        );
  const toRecoup = money(members.reduce((t, c) => t.plus(amountToRecoup(c.royalty_terms as RoyaltyTerms)), new Big(0)));
  const recouped = money(members.reduce((t, c) => t.plus(c.recouped ?? 0), new Big(0)));
  return {
    to_recoup: toRecoup,
    recouped,
    balance: unrecouped(toRecoup, recouped),
    ...(group === undefined ? {} : { group, contracts: members.length }),
  };
}

/** A contract's position for a statement of `period`, from its terms in force then. */
function positionOf(contract: ContractItem, period: string): RecoupmentPosition {
  const terms = termsIn(contract, period);
  return {
    contract_id: contract.id,
    name: contractName(contract),
    to_recoup: amountToRecoup(terms),
    recouped: contract.recouped ?? '0.00',
    version: contract.recoupment_version ?? 0,
    ...(terms.reserve ? { reserve: terms.reserve } : {}),
    ...(terms.cross_collateral_group ? { group: terms.cross_collateral_group } : {}),
    ...(contract.escalation_stated ? { stated: contract.escalation_stated as RecoupmentPosition['stated'] } : {}),
  };
}

/**
 * The positions a statement for `period` recoups from, for the contracts its account earned under,
 * and every other contract (signed, not a draft) of their cross-collateralised groups: a group
 * recoups as one balance, so each of its contracts is read and written together.
 */
export async function recoupmentPositions(
  tenantId: string,
  contractIds: readonly string[],
  period: string,
): Promise<RecoupmentPosition[]> {
  const positions = (await contractsByIds(tenantId, contractIds)).map((c) => positionOf(c, period));
  const groups = new Set(positions.flatMap((p) => (p.group === undefined ? [] : [p.group])));
  if (!groups.size) return positions;
  const known = new Set(positions.map((p) => p.contract_id));
  const candidates = (await listContracts(tenantId)).filter((c) => !known.has(c.id) && c.status !== 'draft');
  // Read again consistently: the publishing write goes under the versions read here.
  const others = (
    await contractsByIds(
      tenantId,
      candidates.map((c) => c.id),
    )
  )
    .map((c) => positionOf(c, period))
    .filter((p) => p.group !== undefined && groups.has(p.group));
  return [...positions, ...others];
}

/**
 * The positions a whole run's statements recoup from (recoupmentPositions' for each of them, together), for its
 * preview: from one query of the company's contracts instead of a consistent read of each (a run of a thousand
 * payees may earn under as many contracts). The preview's figures are as of this read, as a publication's are as of
 * its own; only a publication writes under the versions it read.
 */
export async function runRecoupmentPositions(
  tenantId: string,
  contractIds: readonly string[],
  period: string,
): Promise<RecoupmentPosition[]> {
  if (!contractIds.length) return [];
  const wanted = new Set(contractIds);
  const contracts = await listContracts(tenantId);
  const positions = contracts.filter((c) => wanted.has(c.id)).map((c) => positionOf(c, period));
  const groups = new Set(positions.flatMap((p) => (p.group === undefined ? [] : [p.group])));
  if (!groups.size) return positions;
  const others = contracts
    .filter((c) => !wanted.has(c.id) && c.status !== 'draft')
    .map((c) => positionOf(c, period))
    .filter((p) => p.group !== undefined && groups.has(p.group));
  return [...positions, ...others];
}
