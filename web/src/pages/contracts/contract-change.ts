import { payeeSplitError } from '../../../../shared/contract-terms';
import type { RoyaltyTerms } from '../../../../shared/schemas/contracts';
import { useState } from 'react';
import { api, errorMessage } from '../../app/api';
import { notify } from '../../app/notifications';

/** What a contract's page may change: its terms, its payees, or both. */
export type ContractChange = {
  royalty_terms?: RoyaltyTerms;
  contract_payees?: { payee_id: string; share: string }[];
};

/**
 * Saves a change the way the contract's state allows: a draft's terms and payees are edited in place; a signed
 * contract keeps what it said until `effective`, and says the new thing from then (an amendment, a new version).
 * Answers the notice to show.
 */
async function saveContractChange(
  contract: { id: string; status: 'draft' | 'signed' | 'terminated' },
  change: ContractChange,
  effective: string,
): Promise<string> {
  const path = `/contracts/${encodeURIComponent(contract.id)}`;
  if (contract.status === 'draft') {
    await api.patch(path, change);
    return 'Contract Updated';
  }
  await api.post(`${path}/amendments`, { effective_date: effective, ...change });
  return 'Contract Amended';
}

/**
 * The save of one of the contract page's editors (its deal, its payees): busy while sent, the notice on success, the
 * API's refusal kept to show beside the editor.
 */
export function useContractSave(
  contract: { id: string; status: 'draft' | 'signed' | 'terminated' },
  onSaved: () => void,
) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = async (change: ContractChange, effective: string) => {
    setBusy(true);
    try {
      notify('notification', await saveContractChange(contract, change, effective));
      setFailure(null);
      onSaved();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, save };
}

/** A share as the contract stores it: 0 to 100, up to 4 decimals. */
const SHARE = /^(100(\.0{1,4})?|\d{1,2}(\.\d{1,4})?)$/;

/** What keeps the payee rows being edited from being saved, in the page's words; null when they can be. */
export function payeeRowsProblem(rows: readonly { payee: { id: string } | null; share: string }[]): string | null {
  if (rows.some((row) => !row.payee)) return 'Choose a payee on each row, or remove the row';
  if (rows.some((row) => !SHARE.test(row.share.trim()))) return 'Each share must be a percentage between 0 and 100';
  return payeeSplitError(rows.map((row) => ({ payee_id: row.payee?.id ?? '', share: row.share.trim() })));
}
