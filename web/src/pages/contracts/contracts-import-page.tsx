import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { sizeLimitWords } from '../../../../shared/format';
import {
  CONTRACT_IMPORT_MAX_BYTES,
  type ContractImportAnswer,
  type ContractImportCheck,
  type ContractImportPreviewRow,
} from '../../../../shared/schemas/contract-imports';
import { api } from '../../app/api';
import { notify } from '../../app/notifications';
import { FormattedDate } from '../../components/formatted';
import { andMore, fileBody } from '../../components/file-import';
import { contractImportLabel, contractProblemsHeader, contractTemplateHref } from './contracts-import-model';
import { FileProblems } from '../../components/file-problems';
import { ImportFileChooser } from '../../components/import-file-chooser';
import { useFileImport } from '../../components/use-file-import';

function Problems({ check }: { check: ContractImportCheck }) {
  return (
    <FileProblems
      header={contractProblemsHeader(check)}
      problems={check.problems}
      more={check.more_problems}
      testId="contract-import-problems"
    />
  );
}

function Preview({ check }: { check: ContractImportCheck }) {
  return (
    <Table<ContractImportPreviewRow>
      wrapLines
      data-testid="contract-import-preview"
      variant="embedded"
      header={<Header variant="h3">Contracts to import</Header>}
      items={check.preview}
      trackBy="row"
      empty={<Box color="text-status-inactive">No contract to import</Box>}
      columnDefinitions={[
        { id: 'row', header: 'Row', cell: (r) => r.row },
        { id: 'subject', header: 'On', isRowHeader: true, cell: (r) => r.subject },
        { id: 'contractee', header: 'Contractee', cell: (r) => r.contractee },
        { id: 'type', header: 'Type', cell: (r) => r.type },
        { id: 'start', header: 'Start date', cell: (r) => <FormattedDate value={r.start_date} /> },
        { id: 'end', header: 'End date', cell: (r) => (r.end_date ? <FormattedDate value={r.end_date} /> : '-') },
        { id: 'deal', header: 'Deal', cell: (r) => r.deal },
      ]}
      footer={check.more_rows ? <Box>{andMore(check.more_rows, 'rows')}</Box> : undefined}
    />
  );
}

/**
 * ContractsImport (/user/contracts/import): brings a label's contracts from its old royalty system in once, one draft
 * contract per row of a spreadsheet. Check first (every problem, nothing written), then import.
 */
export function ContractsImportPage() {
  const { files, check, setCheck, done, setDone, busy, run, chooser } = useFileImport<
    ContractImportCheck,
    ContractImportAnswer
  >('/contracts/import/check', 'Choose the file of contracts first');
  const [progress, setProgress] = useState<string>();

  const runImport = () =>
    run(async () => {
      const body = await fileBody(files[0]);
      let answer: ContractImportAnswer;
      try {
        answer = await api.post<ContractImportAnswer>('/contracts/import', body);
        // A large file is written over several requests: each carries on where the last stopped.
        while (!answer.complete) {
          setProgress(answer.message);
          answer = await api.post<ContractImportAnswer>('/contracts/import', body);
        }
      } finally {
        setProgress(undefined);
      }
      setDone(answer);
      setCheck(null);
      notify('notification', answer.message);
    });

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Your contracts as your old system (Curve Royalty Systems, spreadsheets …) holds them, one per row, brought in once as draft contracts you then check and mark signed."
        >
          Import contracts
        </Header>
      }
    >
      <SpaceBetween size="l">
        <ImportFileChooser
          label="Contracts file"
          columns="Columns: release_upc (the release's UPC) or artist (the artist's name): what the contract is on; contractee (a payee's name, or its id), who is paid all the contract pays; contractee_legal_name (blank: the payee's name); type (artist release contract, licence or contract; blank: artist release contract); start_date and end_date (YYYY-MM-DD; no end date: until terminated); royalty_rate (a percentage of net receipts); advance; unrecouped_balance (what was still to recoup in your old system)."
          limits={`CSV (separated by commas, semicolons or tabs) or XLSX (its first sheet); at most ${sizeLimitWords(CONTRACT_IMPORT_MAX_BYTES)} and 2,000 rows.`}
          dropzone="Drop the contracts file"
          {...chooser}
          testId="contract-import"
          beside={
            // A plain link: the browser downloads the template itself, nothing is asked of the API.
            <a href={contractTemplateHref()} download="contracts-template.csv" data-testid="contract-import-template">
              Download the template (CSV)
            </a>
          }
        />
        {check ? (
          <Container header={<Header variant="h2">2. Check: nothing is written yet</Header>}>
            <SpaceBetween size="l">
              <KeyValuePairs
                columns={2}
                items={[
                  { label: 'Rows read', value: <span data-testid="contract-import-rows">{check.rows}</span> },
                  {
                    label: 'Contracts to import',
                    value: <span data-testid="contract-import-count">{check.contracts}</span>,
                  },
                ]}
              />
              {check.problems.length ? <Problems check={check} /> : <Preview check={check} />}
              {progress ? (
                <Box color="text-status-info" data-testid="contract-import-progress">
                  {progress}
                </Box>
              ) : null}
              <Button
                variant="primary"
                disabled={check.problems.length > 0 || !check.contracts}
                loading={busy}
                onClick={() => void runImport()}
                data-testid="contract-import-go"
              >
                {contractImportLabel(check)}
              </Button>
            </SpaceBetween>
          </Container>
        ) : null}
        {done ? (
          <Alert type="success" header={done.message} data-testid="contract-import-done">
            {done.contracts === 1
              ? "The draft contract is on its release's or artist's Contracts page; check it and mark it signed."
              : `The ${done.contracts} draft contracts are on their releases' and artists' Contracts pages; check each one and mark it signed.`}
          </Alert>
        ) : null}
      </SpaceBetween>
    </ContentLayout>
  );
}
