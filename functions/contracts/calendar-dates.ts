import { type CalendarEvent, dayEvent } from '../../shared/calendar-kinds.js';
import { contractCalendarRows } from '../data/access/contracts.js';
import { contractName } from '../../shared/contract-names.js';

/** The contracts page of what a contract is on (an artist's contracts show on the artist). */
function contractHref(type: 'release' | 'label' | 'artist', id: string): string {
  const key = encodeURIComponent(id);
  if (type === 'release') return `/user/releases/${key}/contracts`;
  if (type === 'label') return `/user/labels/${key}/contracts`;
  return `/user/artists/${key}`;
}

/**
 * Each contract's days on the company's calendar: when it starts, when it ends, and when the recordings are due
 * (the delivery date its document prints). A draft's days are plans, and say so; a terminated contract keeps only
 * its start (its end and delivery no longer happen). `labelOfRelease` names the label of a release's contract.
 */
export async function contractCalendarDates(
  tenantId: string,
  labelOfRelease: (releaseId: string) => string | null,
): Promise<CalendarEvent[]> {
  const rows = await contractCalendarRows(tenantId);
  return rows.flatMap((contract) => {
    const title = `${contractName(contract)}${contract.status === 'draft' ? ' (draft, not signed yet)' : ''}`;
    const labelId =
      contract.contractable_type === 'release'
        ? labelOfRelease(contract.contractable_id)
        : contract.contractable_type === 'label'
          ? contract.contractable_id
          : null;
    const href = contractHref(contract.contractable_type, contract.contractable_id);
    const at = (kind: CalendarEvent['kind'], date: string | undefined) =>
      dayEvent(kind, contract.id, date, { title, label_id: labelId, href });
    const ended = contract.status === 'terminated';
    return [
      ...at('contract_start', contract.start_date),
      ...(ended ? [] : at('contract_end', contract.end_date)),
      ...(ended
        ? []
        : at('contract_delivery', (contract.metadata as { delivery_date?: string } | undefined)?.delivery_date)),
    ];
  });
}
