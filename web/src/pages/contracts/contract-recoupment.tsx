import Box from '@cloudscape-design/components/box';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Big from 'big.js';
import { formatMoney } from '../../../../shared/money';
import type { RoyaltyTerms } from '../../../../shared/schemas/contracts';
import { useCompanyCurrency } from '../../app/company-currency';
import { formatPercent } from '../../../../shared/format';

/** The contract's live balance as GET contracts/{id} answers it. */
export type ContractRecoupment = {
  to_recoup: string;
  recouped: string;
  balance: string;
  /** Cross-collateralised: the group's name and how many contracts recoup together (the figures are the group's). */
  group?: string;
  contracts?: number;
};

/**
 * A contract's recoupment: what its payees' earnings must repay (the advance and the recoupable part
 * of its costs, or the balance brought in from another system), what their published statements
 * have recouped, and what remains before anything under it is payable.
 */
export function RecoupmentBalance({ recoupment, terms }: { recoupment: ContractRecoupment; terms: RoyaltyTerms }) {
  const currency = useCompanyCurrency();
  const toRecoup = new Big(recoupment.to_recoup);
  if (toRecoup.eq(0) && new Big(recoupment.recouped).eq(0)) return <ReserveTerms terms={terms} />;
  const money = (amount: string | undefined) => (amount === undefined ? '-' : formatMoney(amount, currency));
  const percent = toRecoup.gt(0)
    ? Number(new Big(recoupment.recouped).div(toRecoup).times(100).round(0).toFixed(0))
    : 100;
  return (
    <SpaceBetween size="s" data-testid="contract-recoupment">
      <Box variant="h3">Recoupment</Box>
      {recoupment.group ? (
        <Box data-testid="contract-group" color="text-body-secondary">
          Cross-collateralised in “{recoupment.group}” with {(recoupment.contracts ?? 1) - 1} other contract(s): they
          recoup one balance together, from the earnings under any of them. The figures below are the group’s.
        </Box>
      ) : null}
      <ProgressBar
        value={Math.min(100, percent)}
        label="Recouped from the payees’ earnings under this contract"
        description="Their earnings repay the balance first; only the rest is payable on their statements."
        additionalInfo={`${money(recoupment.balance)} still to recoup`}
      />
      <KeyValuePairs
        columns={4}
        items={[
          terms.opening_balance === undefined
            ? { label: 'Advance', value: money(terms.advance ?? '0') }
            : { label: 'Brought in unrecouped', value: money(terms.opening_balance) },
          {
            label: 'Recoupable costs',
            value: terms.recoupable_costs
              ? `${money(terms.recoupable_costs)} at ${formatPercent(terms.recoupable_costs_percent ?? '0')}`
              : '-',
          },
          { label: 'To recoup', value: money(recoupment.to_recoup) },
          {
            label: 'Recouped so far',
            value: <span data-testid="contract-recouped">{money(recoupment.recouped)}</span>,
          },
          { label: 'Still to recoup', value: <span data-testid="contract-balance">{money(recoupment.balance)}</span> },
        ]}
      />
      <ReserveTerms terms={terms} />
    </SpaceBetween>
  );
}

/** The contract's reserve in words: what part of physical sales its statements hold back, and when they pay it. */
function ReserveTerms({ terms }: { terms: RoyaltyTerms }) {
  const reserve = terms.reserve;
  if (!reserve || new Big(reserve.percent).eq(0)) return null;
  const periods =
    reserve.release_periods === 1 ? 'the next statement' : `the next ${reserve.release_periods} statements`;
  return (
    <Box data-testid="contract-reserve" color="text-body-secondary">
      Reserve: {formatPercent(reserve.percent)} of each statement’s physical sales is held back (none on returns) and
      paid in equal parts on {periods}. Each statement shows what it held and released.
    </Box>
  );
}
