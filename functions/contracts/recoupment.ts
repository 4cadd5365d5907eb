import { amountToRecoup, type RecoupmentPosition, unrecouped } from '../../shared/contract-recoupment.js';
import type { RoyaltyTerms } from '../../shared/schemas/contracts.js';
import { contractsByIds } from '../data/access/contracts.js';
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

/** The contract page's live balance, from its current terms. */
export function liveRecoupment(contract: ContractItem) {
  const toRecoup = amountToRecoup(contract.royalty_terms as RoyaltyTerms);
  const recouped = contract.recouped ?? '0.00';
  return { to_recoup: toRecoup, recouped, balance: unrecouped(toRecoup, recouped) };
}

/** The positions a statement for `period` recoups from, for the contracts its account earned under. */
export async function recoupmentPositions(
  tenantId: string,
  contractIds: readonly string[],
  period: string,
): Promise<RecoupmentPosition[]> {
  return (await contractsByIds(tenantId, contractIds)).map((contract) => {
    const terms = termsIn(contract, period);
    return {
      contract_id: contract.id,
      name: `Contract with ${contract.contractee_legal_name}`,
      to_recoup: amountToRecoup(terms),
      recouped: contract.recouped ?? '0.00',
      version: contract.recoupment_version ?? 0,
      ...(terms.reserve ? { reserve: terms.reserve } : {}),
    };
  });
}
