import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { formatMoney } from '../../../../../shared/money';
import { sizeLimitWords } from '../../../../../shared/format';
import {
  OPENING_BALANCE_DESCRIPTION,
  OPENING_BALANCE_MAX_BYTES,
  type OpeningBalanceCheck,
  type OpeningBalanceImportAnswer,
  type OpeningBalanceRow,
} from '../../../../../shared/schemas/opening-balances';
import { api } from '../../../app/api';
import { notify } from '../../../app/notifications';
import { FormattedDate } from '../../../components/formatted';
import { RouterLink } from '../../../components/router-link';
import { importLabel, problemsHeader, totalsWords } from './opening-balances-model';
import { andMore, fileBody } from '../../../components/file-import';
import { ImportedFiles, useOpeningBalanceImports } from './opening-balance-history';
import { FileProblems } from '../../../components/file-problems';
import { ImportFileChooser } from '../../../components/import-file-chooser';
import { useFileImport } from '../../../components/use-file-import';

const enc = encodeURIComponent;
const accountPath = (payeeId: string) => `/user/payees/${enc(payeeId)}/accounting`;

function Problems({ check }: { check: OpeningBalanceCheck }) {
  return (
    <FileProblems
      header={problemsHeader(check)}
      problems={check.problems}
      more={check.more_problems}
      testId="opening-problems"
    />
  );
}

function Preview({ check }: { check: OpeningBalanceCheck }) {
  const m = (v: string) => formatMoney(v, check.currency);
  return (
    <Table<OpeningBalanceRow>
      data-testid="opening-preview"
      variant="embedded"
      header={<Header variant="h3">Balances to import</Header>}
      items={check.preview}
      trackBy="row"
      empty={<Box color="text-status-inactive">No balance to import</Box>}
      columnDefinitions={[
        { id: 'row', header: 'Row', cell: (r) => r.row },
        { id: 'payee', header: 'Payee', isRowHeader: true, cell: (r) => r.payee_name },
        { id: 'balance', header: 'Balance', cell: (r) => <Box textAlign="right">{m(r.balance)}</Box> },
        { id: 'date', header: 'Day', cell: (r) => <FormattedDate value={r.date} /> },
        { id: 'description', header: 'Description', cell: (r) => r.description },
      ]}
      footer={check.more_rows ? <Box>{andMore(check.more_rows, 'rows')}</Box> : undefined}
    />
  );
}

function CheckReport({ check }: { check: OpeningBalanceCheck }) {
  return (
    <SpaceBetween size="l">
      <KeyValuePairs
        columns={4}
        items={[
          { label: 'Rows read', value: <span data-testid="opening-rows">{check.rows}</span> },
          { label: 'Balances to import', value: <span data-testid="opening-entries">{check.entries}</span> },
          { label: 'Zero balances (left out)', value: check.zero },
          {
            label: 'Total per currency',
            value: <span data-testid="opening-totals">{totalsWords(check.totals)}</span>,
          },
        ]}
      />
      {check.problems.length ? <Problems check={check} /> : <Preview check={check} />}
    </SpaceBetween>
  );
}

/**
 * UserOpeningBalances (/user/finances/opening_balances): brings each payee's balance from the label's old system in
 * once, as an adjustment on their account. Check first (every problem, nothing written), then import.
 */
export function OpeningBalancesPage() {
  const { files, check, setCheck, done, setDone, busy, run, chooser } = useFileImport<
    OpeningBalanceCheck,
    OpeningBalanceImportAnswer
  >('/opening_balances/check', 'Choose the file of balances first');
  const history = useOpeningBalanceImports();

  const runImport = () =>
    run(async () => {
      const answer = await api.post<OpeningBalanceImportAnswer>('/opening_balances', await fileBody(files[0]));
      setDone(answer);
      setCheck(null);
      notify('notification', answer.message);
      await history.mutate();
    });

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Each payee's balance as it stood in your old system (Curve Royalty Systems, spreadsheets …), brought in once so their first statement here carries it."
        >
          Import opening balances
        </Header>
      }
    >
      <SpaceBetween size="l">
        <ImportFileChooser
          label="Balances file"
          columns={`Columns: payee (the payee's name, or its id), balance (positive: you owe the payee; negative: unrecouped), currency (the company's), date (YYYY-MM-DD; blank: the end of last month), description (blank: "${OPENING_BALANCE_DESCRIPTION}").`}
          limits={`CSV (separated by commas, semicolons or tabs) or XLSX (its first sheet); at most ${sizeLimitWords(OPENING_BALANCE_MAX_BYTES)} and 5,000 rows.`}
          dropzone="Drop the balances file"
          {...chooser}
          testId="opening"
        />
        {check ? (
          <Container header={<Header variant="h2">2. Check: nothing is written yet</Header>}>
            <SpaceBetween size="l">
              <CheckReport check={check} />
              <Button
                variant="primary"
                disabled={check.problems.length > 0 || !check.entries}
                loading={busy}
                onClick={() => void runImport()}
                data-testid="opening-import"
              >
                {importLabel(check)}
              </Button>
            </SpaceBetween>
          </Container>
        ) : null}
        {done ? (
          <Alert type="success" header={done.message} data-testid="opening-done">
            <SpaceBetween size="xs">
              <Box>
                {`${done.entries} balances, ${formatMoney(done.total, done.currency)} in all, are on the payees' accounts; each payee's next statement carries theirs.`}
              </Box>
              {done.payees.slice(0, 100).map((payee) => (
                <RouterLink key={payee.id} href={accountPath(payee.id)} data-testid={`opening-payee-${payee.id}`}>
                  {payee.name}
                </RouterLink>
              ))}
            </SpaceBetween>
          </Alert>
        ) : null}
        <ImportedFiles files={history.data?.imports} />
      </SpaceBetween>
    </ContentLayout>
  );
}
