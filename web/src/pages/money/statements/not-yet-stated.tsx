import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { useState } from 'react';
import { usePlanIncludes } from '../../../app/plan-features';
import { RouterLink } from '../../../components/router-link';
import { formatCount } from '../../royalties/royalty-model';
import { formatMoney } from '../../../../../shared/money';
import { useNotYetStated, useStatementPages } from './statements-api';
import { NewVersionModal } from './new-version-modal';
import { useCompanyCurrency } from '../../../app/company-currency';
import type { NotYetStated } from '../../../../../shared/schemas/statement-views';
import { monthsWords } from '../finances/finance-model';

/**
 * A late row's months and sales as the statements pages write them: the months as the statement names them
 * ("Jan 2026 to Mar 2026", not "2026-01 to 2026-03") and the money in the company's currency ("3 lines, £1.50").
 */
export function lateRowWords(row: NotYetStated, currency: string | null): { period: string; sales: string } {
  return {
    period: monthsWords(row.start_pay_period, row.end_pay_period),
    sales: `${formatCount(row.lines)} line${row.lines === 1 ? '' : 's'}, ${formatMoney(row.amount, currency)}`,
  };
}

/**
 * One statement's late money, with the way to state it: a correction (a new version of the statement), asked in the
 * statement page's own New version dialog, so it can be previewed first or published at once.
 */
function LateRow({ row, onStated }: { row: NotYetStated; onStated?: () => void }) {
  const [asking, setAsking] = useState(false);
  const pages = useStatementPages();
  const words = lateRowWords(row, useCompanyCurrency());
  return (
    <li>
      {row.name}, {words.period} (<RouterLink href={pages.detail(row.statement_id)}>{row.number}</RouterLink>
      ): {words.sales}{' '}
      <Button variant="inline-link" onClick={() => setAsking(true)} data-testid="late-correct">
        State in a correction
      </Button>
      {asking ? (
        <NewVersionModal
          statement={{ id: row.statement_id, title: `${row.number} (${row.name})`, period: words.period }}
          onClose={() => setAsking(false)}
          onMade={() => onStated?.()}
        />
      ) : null}
    </li>
  );
}

/**
 * Sales that reached months already stated (imported, matched or accepted later): no statement
 * carries them yet. A run of a later period does not state them; a correction of the statement does.
 */
export function NotYetStatedAlert({ rows, onStated }: { rows: NotYetStated[]; onStated?: () => void }) {
  return (
    <Alert type="warning" header="Not yet stated" data-testid="not-yet-stated">
      These sales arrived after their months were stated. Later periods' statements leave them out; a correction of the
      statement states them, once:
      <ul>
        {rows.map((row) => (
          <LateRow key={row.statement_id} row={row} onStated={onStated} />
        ))}
      </ul>
    </Alert>
  );
}

/** The statements pages' and dashboard's notice of late money, when there is any. */
export function NotYetStatedNotice() {
  // A plan without statements has none to correct; asking would only show a plan notice.
  const { data, mutate } = useNotYetStated(usePlanIncludes('statement_generator'));
  const rows = data?.not_yet_stated ?? [];
  return rows.length ? <NotYetStatedAlert rows={rows} onStated={() => void mutate()} /> : null;
}
