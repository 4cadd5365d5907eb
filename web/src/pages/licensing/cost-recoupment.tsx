import Box from '@cloudscape-design/components/box';
import { RouterLink } from '../../components/router-link';
import type { License } from './licensing-api';
import { formatPercent } from '../../../../shared/format';

/** Where each kind of subject lists its contracts: a release's and a label's on their pages, an artist's on theirs. */
const CONTRACTS_PAGE = {
  release: (id: string) => `/user/releases/${id}/contracts`,
  label: (id: string) => `/user/labels/${id}/contracts`,
  artist: (id: string) => `/user/artists/${id}`,
};

/**
 * Before an incoming licence is paid, who will bear its cost: the contract that covers its asset recoups its part from
 * its payees' statements, else the label keeps the cost. Said before the money moves, since a paid expense is never
 * taken back.
 */
export function CostRecoupmentNote({ license }: { license: License }) {
  const recoupment = license.cost_recoupment;
  if (!recoupment)
    return (
      <Box data-testid="license-cost-recoupment" color="text-body-secondary">
        When paid, the fee is the label's own cost: no contract covering the licensed release or recording recoups
        costs.
      </Box>
    );
  const payees =
    recoupment.payees.length === 1
      ? 'its payee’s statement'
      : `its ${recoupment.payees.length} payees’ statements, by their shares`;
  return (
    <Box data-testid="license-cost-recoupment" color="text-body-secondary">
      When paid, the fee is a cost of the{' '}
      <RouterLink href={CONTRACTS_PAGE[recoupment.subject.type](recoupment.subject.id)}>
        {recoupment.contractee ? `contract with ${recoupment.contractee}` : 'contract'}
      </RouterLink>
      : {formatPercent(recoupment.percent)} of it is recouped from {payees}.
    </Box>
  );
}
