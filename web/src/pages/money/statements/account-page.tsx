import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CellNote } from '../../../components/cell-note';
import { DeleteModal } from '../../../components/delete-modal';
import { FormattedDate } from '../../../components/formatted';
import { RecordState } from '../../../components/record-state';
import { AccountEarnings } from '../finances/account-earnings';
import { paymentPagesFor, paymentsOfPath } from '../payments/payment-model';
import { formatMoney } from '../../../../../shared/money';
import { expensesApi, useAccountView } from '../expenses/expenses-api';
import { ENTRY_TEXT, entryWords } from './account-model';
import { EntryModal } from './entry-modal';
import { RecoupmentPanel } from './statement-account';
import { statementColumns } from './statement-columns';
import { USER_STATEMENT_PAGES } from './statement-model';
import type { AccountEntry, AccountView, StatementRow } from '../../../../../shared/schemas/statement-views';

function EntriesTable({
  view,
  onAdd,
  onDelete,
}: {
  view: AccountView;
  onAdd: () => void;
  onDelete: (entry: AccountEntry) => void;
}) {
  const m = (v: string) => formatMoney(v, view.currency);
  return (
    <Table<AccountEntry>
      wrapLines
      data-testid="account-entries"
      variant="container"
      header={
        <Header
          variant="h2"
          counter={`(${view.entries.length})`}
          description="Advances, reserves, transfers, adjustments and payments. An entry on a published statement never changes."
          actions={
            <Button onClick={onAdd} data-testid="account-add-entry">
              Add advance, reserve …
            </Button>
          }
        >
          Entries
        </Header>
      }
      items={view.entries}
      trackBy="id"
      empty={<Box color="text-status-inactive">No entries yet</Box>}
      columnDefinitions={[
        { id: 'date', header: 'Date', cell: (e) => <FormattedDate value={e.date} /> },
        // Whether it is on a statement yet under what it is, so every column shows in a 1,000 px window.
        {
          id: 'kind',
          header: 'What',
          isRowHeader: true,
          cell: (e) => (
            <>
              {ENTRY_TEXT[e.kind] ?? e.kind}
              <CellNote>{e.statement_id ? 'On a statement' : 'Not yet on a statement'}</CellNote>
            </>
          ),
        },
        {
          id: 'description',
          header: 'Description',
          cell: (e) => [e.description, e.payment_reference].filter(Boolean).join(' · ') || '-',
        },
        { id: 'amount', header: 'Amount', cell: (e) => <Box textAlign="right">{m(e.amount)}</Box> },
        {
          id: 'actions',
          header: 'Actions',
          cell: (e) =>
            e.statement_id || e.kind === 'payment' ? null : (
              <Button variant="inline-link" onClick={() => onDelete(e)} data-testid={`account-entry-delete-${e.id}`}>
                Delete
              </Button>
            ),
        },
      ]}
    />
  );
}

function AccountStatements({ rows }: { rows: StatementRow[] }) {
  const columns = useMemo(() => statementColumns(USER_STATEMENT_PAGES, { type: false, created: false }), []);
  return (
    <Table<StatementRow>
      wrapLines
      data-testid="account-statements"
      variant="container"
      header={
        <Header variant="h2" counter={`(${rows.length})`}>
          Statements
        </Header>
      }
      items={rows}
      trackBy="id"
      columnDefinitions={columns}
      empty={<Box color="text-status-inactive">No statements yet</Box>}
    />
  );
}

/** An account as it stands: balances, recoupment, entries (add, delete while not stated), statements. */
function AccountPage({
  type,
  id,
  newStatementPath,
}: {
  type: 'Payee' | 'Artist';
  id: string;
  newStatementPath: string;
}) {
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = useAccountView(type, id);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AccountEntry | null>(null);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data}
      retry={mutate}
      errorHeader="Could not load the account"
    >
      {(view) => {
        const m = (v: string) => formatMoney(v, view.currency);
        return (
          <ContentLayout
            header={
              <Header
                variant="h1"
                description={`${type} account`}
                actions={
                  <SpaceBetween direction="horizontal" size="xs">
                    <Button
                      onClick={() =>
                        navigate(paymentsOfPath(paymentPagesFor('/user'), { id: view.account.id, name: view.name }))
                      }
                      data-testid="account-payments"
                    >
                      Payments
                    </Button>
                    <Button
                      variant="primary"
                      onClick={() => navigate(newStatementPath)}
                      data-testid="account-new-statement"
                    >
                      New statement
                    </Button>
                  </SpaceBetween>
                }
              >
                {view.name}
              </Header>
            }
          >
            <SpaceBetween size="l">
              <Container header={<Header variant="h2">Balance</Header>}>
                <KeyValuePairs
                  columns={4}
                  items={[
                    { label: 'Closing balance of the last statement', value: m(view.last_closing_balance) },
                    { label: 'Not yet on a statement', value: m(view.pending) },
                    { label: 'Balance', value: <strong data-testid="account-balance">{m(view.balance)}</strong> },
                    { label: 'Minimum payout', value: m(view.minimum_payout) },
                  ]}
                />
              </Container>
              <RecoupmentPanel meter={view.recoupment} currency={view.currency} />
              <AccountEarnings type={type} id={id} />
              <EntriesTable view={view} onAdd={() => setAdding(true)} onDelete={setDeleting} />
              <AccountStatements rows={view.statements} />
            </SpaceBetween>
            {adding ? (
              <EntryModal
                account={view.account}
                onClose={() => setAdding(false)}
                onAdded={() => {
                  setAdding(false);
                  void mutate();
                }}
              />
            ) : null}
            {deleting ? (
              <DeleteModal
                noun="entry"
                plural="entries"
                names={[entryWords(deleting, m)]}
                run={async (report) => report((await expensesApi.removeEntry(deleting.id)).message ?? 'Entry deleted')}
                onClose={() => setDeleting(null)}
                onDeleted={() => void mutate()}
              />
            ) : null}
          </ContentLayout>
        );
      }}
    </RecordState>
  );
}

const enc = encodeURIComponent;

/** UserPayeeAccounting (/user/payees/{payeeId}/accounting): the payee's account. */
export function PayeeAccountingPage() {
  const { payeeId = '' } = useParams();
  return <AccountPage type="Payee" id={payeeId} newStatementPath={`/user/payees/${enc(payeeId)}/new_statement`} />;
}

/** UserArtistFinances (/user/artists/{artistId}/finances): an artist's own account (an artist without a payee). */
export function ArtistFinancesPage() {
  const { artistId = '' } = useParams();
  return (
    <AccountPage
      type="Artist"
      id={artistId}
      newStatementPath={`/user/artists/${enc(artistId)}/finances/generate_report`}
    />
  );
}
