import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { type ReactNode, useMemo, useState } from 'react';
import useSWR from 'swr';
import { api, type ApiError, errorMessage } from '../../app/api';
import { PeriodChart, SlicePie } from '../money/finances/finance-charts';
import { Figure } from '../money/finances/finance-figures';
import { LoadState } from '../money/finances/period-views';
import { fillPeriods, money } from '../money/finances/finance-model';
import { portalPaidWords, portalStatementPeriod } from './portal-model';
import type {
  PortalBalance,
  PortalEarnings,
  PortalRelease,
  PortalStatement,
} from '../../../../shared/schemas/artist-portal';
import { CellNote } from '../../components/cell-note';
import { FormattedDate } from '../../components/formatted';

/**
 * The pieces the artist dashboard and the token links' pages (an artist's, a payee's) share. Figures come from the server
 * as decimal strings and are only formatted here; the charts are the finances pages' own, without
 * their drill-down into the label's royalties list.
 */

/** The artist's earnings for a period: their share, by pay period and by store. */
export function EarningsView({ view }: { view: PortalEarnings }) {
  const m = (v: string) => money(v, view.currency);
  const periods = useMemo(
    () => fillPeriods(view.by_period, { start: view.start_date, end: view.end_date }, ''),
    [view],
  );
  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={3} variant="text-grid">
        <Figure label="Your share" value={m(view.totals.artist_share)} testId="portal-share" />
        <Figure label="Revenue of your lines" value={m(view.totals.revenue)} testId="portal-revenue" />
        <Figure label="Stores" value={String(view.by_store.length)} testId="portal-stores" />
      </ColumnLayout>
      <ColumnLayout columns={2}>
        <PeriodChart
          periods={periods}
          currency={view.currency}
          measures={['artist_share']}
          testId="portal-by-period"
          height={200}
        />
        <SlicePie
          title="Your share by store"
          counted={['store', 'stores']}
          slices={view.by_store}
          currency={view.currency}
          measure="artist_share"
          measureLabel="Your share"
          testId="portal-by-store"
        />
      </ColumnLayout>
    </SpaceBetween>
  );
}

/** The balance of each account the artist is paid through, and their sum. */
export function BalanceView({ view }: { view: PortalBalance }) {
  const m = (v: string) => money(v, view.currency);
  return (
    <ColumnLayout columns={Math.min(4, view.accounts.length + 1)} variant="text-grid">
      <Figure label="Balance" value={m(view.total)} testId="portal-balance" note="What the label owes you now" />
      {view.accounts.map((a) => (
        <Figure
          key={`${a.account.type}#${a.account.id}`}
          label={a.name}
          value={m(a.balance)}
          testId={`portal-balance-${a.account.id}`}
          note={`Last statement ${m(a.last_closing_balance)}, since then ${m(a.pending)}`}
        />
      ))}
    </ColumnLayout>
  );
}

export function ReleasesTable({ releases }: { releases: PortalRelease[] }) {
  return (
    <Table
      wrapLines
      data-testid="portal-releases"
      header={<Header counter={`(${releases.length})`}>Releases</Header>}
      items={releases}
      trackBy="id"
      variant="embedded"
      columnDefinitions={[
        { id: 'title', header: 'Title', cell: (r) => (r.version ? `${r.title} (${r.version})` : r.title) },
        { id: 'artists', header: 'Artists', cell: (r) => r.display_artists ?? '-' },
        { id: 'cat_no', header: 'Cat. no.', cell: (r) => r.cat_no ?? '-' },
        { id: 'upc', header: 'UPC', cell: (r) => r.upc ?? '-' },
        { id: 'date', header: 'Release date', cell: (r) => <FormattedDate value={r.release_date} /> },
      ]}
      empty={<Box color="text-body-secondary">No releases yet.</Box>}
    />
  );
}

/** Published statements with a PDF download each; `download` answers the presigned link. */
export function StatementsTable({
  statements,
  download,
}: {
  statements: PortalStatement[];
  download: (statementId: string, kind: 'pdf' | 'csv') => Promise<{ url: string }>;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const open = async (id: string, kind: 'pdf' | 'csv') => {
    setBusy(`${id}.${kind}`);
    setFailed(null);
    try {
      window.location.assign((await download(id, kind)).url);
    } catch (error) {
      setFailed(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Table
      wrapLines
      data-testid="portal-statements"
      header={<Header counter={`(${statements.length})`}>Statements</Header>}
      items={statements}
      trackBy="id"
      variant="embedded"
      columnDefinitions={[
        // The period under the number and the payout under the payable, so every figure shows in a 1,000 px window.
        {
          id: 'number',
          header: 'Number',
          cell: (s) => (
            <>
              {s.superseded ? `${s.number} (replaced)` : s.number}
              <CellNote>{portalStatementPeriod(s)}</CellNote>
            </>
          ),
        },
        { id: 'payee', header: 'Paid to', cell: (s) => s.payee_name },
        {
          id: 'royalties',
          header: 'Royalties',
          cell: (s) => <Box textAlign="right">{money(s.royalties, s.currency)}</Box>,
        },
        // Tax withheld and a self-billing invoice's VAT make what is paid differ from the payable.
        {
          id: 'payable',
          header: 'Payable',
          cell: (s) => (
            <Box textAlign="right">
              {money(s.payable, s.currency)}
              <CellNote>Payout {money(s.paid_out, s.currency)}</CellNote>
            </Box>
          ),
        },
        {
          id: 'paid',
          header: 'Paid',
          cell: (s) => <span data-testid={`portal-statement-paid-${s.id}`}>{portalPaidWords(s)}</span>,
        },
        {
          id: 'files',
          header: 'Download',
          cell: (s) =>
            s.has_pdf ? (
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  variant="inline-link"
                  iconName="download"
                  loading={busy === `${s.id}.pdf`}
                  onClick={() => void open(s.id, 'pdf')}
                  data-testid={`portal-statement-pdf-${s.id}`}
                >
                  PDF
                </Button>
                {s.has_csv ? (
                  <Button
                    variant="inline-link"
                    iconName="download"
                    loading={busy === `${s.id}.csv`}
                    onClick={() => void open(s.id, 'csv')}
                    data-testid={`portal-statement-csv-${s.id}`}
                  >
                    Lines (CSV)
                  </Button>
                ) : null}
              </SpaceBetween>
            ) : (
              'Being made'
            ),
        },
      ]}
      footer={failed ? <Box color="text-status-error">{failed}</Box> : undefined}
      empty={<Box color="text-body-secondary">No statements yet.</Box>}
    />
  );
}

/**
 * A token link's statements (an artist's or a payee's) with their PDF and CSV downloads: `base` is the link's API
 * path, `query` its token.
 */
export function TokenStatements({ base, query }: { base: string; query: string }) {
  const load = useTokenApi<{ statements: PortalStatement[] }>(`${base}/statements?${query}`);
  return (
    <Container>
      <LoadState load={load} errorHeader="Could not load the statements">
        {({ statements }) => (
          <StatementsTable
            statements={statements}
            download={(statementId, kind) =>
              api.get<{ url: string }>(`${base}/statements/${encodeURIComponent(statementId)}/${kind}?${query}`, {
                auth: false,
              })
            }
          />
        )}
      </LoadState>
    </Container>
  );
}

/** A token link's calls: public (no sign-in), the token in the query. */
export function useTokenApi<T>(path: string | null) {
  return useSWR<T, ApiError>(path, (p: string) => api.get<T>(p, { auth: false }), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

/**
 * A token link's page says once, with no Retry (retrying cannot help), when its link opens nothing (a wrong,
 * replaced or withdrawn token), instead of each part of the page failing on its own. `load` is the call every part
 * of the page shares; `opens` what the link was meant to open.
 */
export function DeadLinkGate({
  load,
  opens,
  children,
}: {
  load: { error?: ApiError };
  opens: string;
  children: ReactNode;
}) {
  const status = load.error?.status;
  if (status === 400 || status === 401 || status === 403 || status === 404)
    return (
      <Alert type="error" header="This link does not work" data-testid="portal-dead-link">
        {`This link does not open ${opens}: it may have been replaced by a newer link or withdrawn. Ask the label for a new one.`}
      </Alert>
    );
  return <>{children}</>;
}
