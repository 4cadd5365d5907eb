import { lazy, Suspense } from 'react';

/**
 * The payee page's payout-details panel (catalogue config `DetailExtra`), loaded on its own so the
 * catalogue pages do not carry the payouts code until a payee page is opened.
 */
const Panel = lazy(() => import('./payout-details-panel'));

export function PayeePayoutExtra({ record }: { record: { id: string } }) {
  return (
    <Suspense fallback={null}>
      <Panel record={record} />
    </Suspense>
  );
}
