import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../../shared/format';
import { notify, notifyError } from '../../app/notifications';
import { RouterLink } from '../../components/router-link';
import { exchangeRatesFor, royaltiesApi, useRoyaltyPages } from './royalties-api';
import { exchangeUpdateText } from './royalty-model';
import type { RoyaltyImport } from '../../../../shared/schemas/royalty-views';

/**
 * Lines left unconverted for want of a rate: each distributor and currency pair with an "Add rate"
 * (the exchange-rates form filled in), and "Re-apply rates" to convert this import's lines again
 * once the rate is there.
 */
function MissingRates({ item, onChanged }: { item: RoyaltyImport; onChanged: () => void }) {
  const navigate = useNavigate();
  const { exchangeRates } = useRoyaltyPages();
  const [busy, setBusy] = useState(false);
  const reapply = async () => {
    setBusy(true);
    try {
      notify('notification', exchangeUpdateText(await royaltiesApi.updateExchangeRates(item.id)));
      onChanged();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  const rates = item.missing_rates ?? [];
  return (
    <Alert
      type="warning"
      header="Missing exchange rates"
      data-testid="import-missing-rates"
      action={
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={() => navigate(exchangeRates)} data-testid="import-exchange-rates">
            Exchange rates
          </Button>
          <Button onClick={() => void reapply()} loading={busy} data-testid="import-reapply-rates">
            Re-apply rates
          </Button>
        </SpaceBetween>
      }
    >
      <SpaceBetween size="xs">
        <Box variant="p">
          These lines have no rate into {item.company_currency ?? 'the company currency'} on or before the payment date
          {item.payment_date ? <> ({formatDate(item.payment_date)})</> : null}, so they are left out of the import's
          total.
        </Box>
        {rates.map((r, index) => (
          <SpaceBetween
            key={`${r.distributor}-${r.original_currency}-${r.target_currency}`}
            direction="horizontal"
            size="xs"
            alignItems="center"
          >
            <Box data-testid={`import-missing-rate-${index}`}>
              {r.distributor} · {r.original_currency} → {r.target_currency}: {r.lines} line{r.lines === 1 ? '' : 's'}
            </Box>
            <RouterLink
              href={exchangeRatesFor({
                distributor: r.distributor,
                original_currency: r.original_currency,
                target_currency: r.target_currency,
                import_id: item.id,
              })}
              data-testid={`import-missing-rate-${index}-add`}
            >
              Add rate
            </RouterLink>
          </SpaceBetween>
        ))}
      </SpaceBetween>
    </Alert>
  );
}

/** What needs the user's attention on an import: a duplicate file, a failure, the worker's problems, missing rates. */
export function ImportProblems({
  item,
  onConfirm,
  confirming,
  onChanged,
}: {
  item: RoyaltyImport;
  onConfirm: () => void;
  confirming: boolean;
  onChanged: () => void;
}) {
  const { importPage } = useRoyaltyPages();
  return (
    <>
      {item.status === 'duplicate' ? (
        <Alert
          type="warning"
          header="This file was imported before"
          action={
            <Button onClick={onConfirm} loading={confirming} data-testid="import-confirm">
              Import anyway
            </Button>
          }
          data-testid="import-duplicate"
        >
          {item.duplicate_of ? (
            <>
              It matches <RouterLink href={importPage(item.duplicate_of)}>an earlier import</RouterLink>.{' '}
            </>
          ) : null}
          Importing it again would count its sales twice.
        </Alert>
      ) : null}
      {item.status === 'failed' ? (
        <Alert type="error" header="The import failed">
          {item.error}
        </Alert>
      ) : null}
      {item.problems?.length ? (
        <Alert type="warning" header="Problems" data-testid="import-problems">
          {item.problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      ) : null}
      {item.missing_rates?.length ? <MissingRates item={item} onChanged={onChanged} /> : null}
    </>
  );
}
