import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { contractName } from '../../../../shared/contract-names';
import { formatDate } from '../../../../shared/format';
import { errorMessage } from '../../app/api';
import { useApi } from '../../app/resources';
import { PageButton } from '../../components/page-button';
import { RouterLink } from '../../components/router-link';
import { type Contract, ContractDetail } from './contracts-page';
import { type RegisterFilter, contractsToShow, subjectPath, subjectWords } from './contracts-register-model';

const ANY = { value: '', label: 'Any' };
const STATUS_OPTIONS = [
  ANY,
  { value: 'draft', label: 'Draft' },
  { value: 'signed', label: 'Signed' },
  { value: 'terminated', label: 'Terminated' },
];

const today = () => new Date().toISOString().slice(0, 10);

/**
 * /user/contracts: every contract of the company in one list, whatever it is on (a release, a label, an artist), the
 * soonest to end first, found by a name or its state; the one chosen opens below with its terms, payees and documents.
 * A contract is made on its release's or label's page, where its subject is already known.
 */
export function ContractsRegisterPage() {
  const { data, error, isLoading, mutate } = useApi<{ contracts: Contract[] }>('/contracts');
  const [params, setParams] = useSearchParams();
  const chosen = params.get('contract');
  const [filter, setFilter] = useState<RegisterFilter>({ text: '', status: '', endingSoon: false });
  const all = data?.contracts ?? [];
  const shown = contractsToShow(all, filter, today());
  const filtered = Boolean(filter.text || filter.status || filter.endingSoon);
  return (
    <ContentLayout>
      <SpaceBetween size="l">
        <Table
          data-testid="contracts-register"
          loading={isLoading}
          loadingText="Loading contracts"
          items={shown}
          trackBy="id"
          wrapLines
          header={
            <Header
              variant="h1"
              counter={data ? `(${shown.length}${filtered ? ` of ${all.length}` : ''})` : undefined}
              description="Every contract of the company, on a release, a label or an artist"
              actions={
                <PageButton href="/user/contracts/import" testId="register-import-link">
                  Import contracts
                </PageButton>
              }
            >
              Contracts
            </Header>
          }
          filter={
            <ColumnLayout columns={3}>
              <FormField label="Search" description="A party, a release, a label or an artist">
                <Input
                  data-testid="register-search"
                  type="search"
                  value={filter.text}
                  onChange={({ detail }) => setFilter({ ...filter, text: detail.value })}
                />
              </FormField>
              <FormField label="Status">
                <Select
                  data-testid="register-status"
                  selectedOption={STATUS_OPTIONS.find((o) => o.value === filter.status) ?? ANY}
                  options={STATUS_OPTIONS}
                  onChange={({ detail }) => setFilter({ ...filter, status: detail.selectedOption.value ?? '' })}
                />
              </FormField>
              <FormField label="Ending">
                <Checkbox
                  data-testid="register-ending-soon"
                  checked={filter.endingSoon}
                  onChange={({ detail }) => setFilter({ ...filter, endingSoon: detail.checked })}
                >
                  In the next 90 days
                </Checkbox>
              </FormField>
            </ColumnLayout>
          }
          empty={
            <Box color="text-body-secondary">
              {error
                ? errorMessage(error)
                : filtered
                  ? 'No contract matches'
                  : 'No contracts yet: make one on a release’s or a label’s Contracts page, or import them from a file'}
            </Box>
          }
          columnDefinitions={[
            {
              id: 'contract',
              header: 'Contract',
              isRowHeader: true,
              // A link of its own address, so the contract chosen can be opened again or sent to a colleague.
              cell: (c) => (
                <RouterLink href={`/user/contracts?contract=${encodeURIComponent(c.id)}`}>{contractName(c)}</RouterLink>
              ),
            },
            {
              id: 'on',
              header: 'On',
              cell: (c) => <RouterLink href={subjectPath(c)}>{subjectWords(c)}</RouterLink>,
            },
            { id: 'status', header: 'Status', cell: (c) => c.status_name },
            { id: 'start', header: 'Starts', cell: (c) => formatDate(c.start_date) },
            { id: 'end', header: 'Ends', cell: (c) => (c.end_date ? formatDate(c.end_date) : 'Open-ended') },
            {
              id: 'payees',
              header: 'Payees',
              cell: (c) => c.contract_payees.map((p) => p.name).join(', ') || '-',
            },
          ]}
        />
        {chosen ? (
          <ContractDetail
            key={chosen}
            id={chosen}
            onChanged={() => void mutate()}
            onDeleted={() => setParams({}, { replace: true })}
          />
        ) : null}
      </SpaceBetween>
    </ContentLayout>
  );
}
