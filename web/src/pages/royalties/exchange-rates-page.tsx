import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_CURRENCY } from '../../../../shared/constants';
import { notifyError } from '../../app/notifications';
import { useCompany } from '../../app/resources';
import { useInvalidate } from '../../app/invalidate';
import { useSession } from '../../app/session';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { DeleteModal } from '../../components/delete-modal';
import { formatDate } from '../../../../shared/format';
import { FormattedDate } from '../../components/formatted';
import { RouterLink } from '../../components/router-link';
import { ExchangeRateForm } from './exchange-rate-form';
import { rateValuesFrom } from './exchange-rate-model';
import { importJobsFinished, royaltiesApi, useExchangeRates, useRoyaltyPages } from './royalties-api';
import { RoyaltiesPageHeader } from './royalties-page-header';
import { notifyImportJob } from './import-job-notice';
import type { ExchangeRate } from '../../../../shared/schemas/royalty-views';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Re-applies the rates to imported lines (one import, or all of them): each import is re-matched in the background;
 * the button stays busy until every one has finished, then flashes their counts (or why one stopped).
 */
function ApplyButton({
  importId,
  onDone,
  children,
  testId,
}: {
  importId?: string;
  onDone: () => void;
  children: string;
  testId: string;
}) {
  const [busy, setBusy] = useState(false);
  const apply = async () => {
    setBusy(true);
    try {
      const queued = await royaltiesApi.updateExchangeRates(importId);
      notifyImportJob(await importJobsFinished(queued.result.import_ids));
      onDone();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void apply()} loading={busy} data-testid={testId}>
      {children}
    </Button>
  );
}

/**
 * UserRoyaltiesExchangeRates (/user/royalties/exchange_rates): the company's rates, a
 * form to add one (filled in when coming from an import's missing rate), deleting with
 * a confirmation, and re-applying the rates to the lines already imported.
 */
export function ExchangeRatesPage() {
  const [query] = useSearchParams();
  const pages = useRoyaltyPages();
  const { company } = useSession();
  const detail = useCompany(company?.id);
  const { data, error, isLoading, mutate } = useExchangeRates();
  const refreshImported = useInvalidate('/royalty_imports', '/royalties?');
  const [deleting, setDeleting] = useState<ExchangeRate | null>(null);
  const rates = data?.exchange_rates ?? [];
  const companyCurrency = detail.data?.company.currency?.toUpperCase() || DEFAULT_CURRENCY;
  const importId = query.get('import_id') ?? '';
  // The form starts from the query once the company's currency is known (it is the default target).
  const initial = useMemo(() => rateValuesFrom(query, companyCurrency, today()), [query, companyCurrency]);
  const seen = useMemo(() => [...new Set(rates.flatMap((r) => [r.original_currency, r.target_currency]))], [rates]);

  return (
    <ContentLayout
      header={
        <RoyaltiesPageHeader
          title="Exchange rates"
          current="exchangeRates"
          description={`Reports in another currency are converted into ${companyCurrency} with the distributor's newest rate paid on or before the import's payment date.`}
          extra={
            <ApplyButton onDone={() => void refreshImported()} testId="rates-apply">
              Apply rates to imported lines
            </ApplyButton>
          }
        />
      }
    >
      <SpaceBetween size="l">
        {importId ? (
          <Alert
            type="info"
            header="A rate an import is missing"
            action={
              <ApplyButton importId={importId} onDone={() => void refreshImported()} testId="rates-apply-import">
                Re-apply rates to the import
              </ApplyButton>
            }
            data-testid="rates-for-import"
          >
            Add the rate below, then re-apply the rates to convert the import's lines.{' '}
            <RouterLink href={pages.importPage(importId)} data-testid="rates-back-to-import">
              Back to the import
            </RouterLink>
          </Alert>
        ) : null}
        <ExchangeRateForm
          key={JSON.stringify(initial)}
          initial={initial}
          currencies={seen}
          onAdded={() => void mutate()}
        />
        {error ? (
          <ApiErrorAlert error={error} header="Could not load the exchange rates" onRetry={() => void mutate()} />
        ) : null}
        <Table<ExchangeRate>
          data-testid="rates-table"
          variant="container"
          header={
            <Header variant="h2" counter={data ? `(${data.total_count ?? rates.length})` : undefined}>
              Rates
            </Header>
          }
          loading={isLoading}
          loadingText="Loading exchange rates"
          items={rates}
          trackBy="id"
          columnDefinitions={[
            { id: 'distributor', header: 'Distributor', isRowHeader: true, cell: (r) => r.distributor },
            { id: 'payment_date', header: 'Payment date', cell: (r) => <FormattedDate value={r.payment_date} /> },
            { id: 'pair', header: 'From → to', cell: (r) => `${r.original_currency} → ${r.target_currency}` },
            { id: 'rate', header: 'Rate', cell: (r) => <Box textAlign="right">{r.rate}</Box> },
            {
              id: 'actions',
              header: 'Actions',
              cell: (r) => (
                <Button
                  variant="inline-link"
                  onClick={() => setDeleting(r)}
                  ariaLabel={`Delete the rate ${r.distributor} ${r.original_currency} to ${r.target_currency}`}
                  data-testid={`rate-delete-${r.id}`}
                >
                  Delete
                </Button>
              ),
            },
          ]}
          empty={
            <Box textAlign="center">
              No exchange rates yet: lines in another currency stay unconverted until one is added
            </Box>
          }
        />
      </SpaceBetween>
      {deleting ? (
        <DeleteModal
          noun="exchange rate"
          plural="exchange rates"
          names={[
            `${deleting.distributor} · ${deleting.original_currency} → ${deleting.target_currency} · ${formatDate(deleting.payment_date)} · ${deleting.rate}`,
          ]}
          run={async (report) =>
            report((await royaltiesApi.deleteRate(deleting.id)).message ?? 'Exchange Rate Deleted')
          }
          onClose={() => setDeleting(null)}
          onDeleted={() => void mutate()}
        />
      ) : null}
    </ContentLayout>
  );
}
