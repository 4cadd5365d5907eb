import type { ReactNode } from 'react';
import { ParentRecordLink } from '../../components/parent-record-link';
import { ReleasePagesRow } from '../catalogue/release-pages-row';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { contractName } from '../../../../shared/contract-names';
import { formatDate, formatPercent } from '../../../../shared/format';
import type { RoyaltyTerms } from '../../../../shared/schemas/contracts';
import { api, errorMessage } from '../../app/api';
import { notify } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { openLink, SignedCopyField } from '../../components/signed-copy-field';
import { DateField } from '../../components/date-input';
import { DealEditor } from './deal-editor';
import { DetailsEditor } from './details-editor';
import { contracteeWord, DETAIL_WORDS } from './details-model';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import { PageButton } from '../../components/page-button';
import { PayeesEditor } from './payees-editor';
import { type PickedRecord, pickerSource, RecordPicker } from '../../components/record-picker';
import { type ContractRecoupment, RecoupmentBalance } from './contract-recoupment';
import { usePermits } from '../../app/use-may-open';

export type Contract = {
  id: string;
  contractable_type: string;
  /** The release's, label's or artist's name. */
  subject_name?: string | null;
  contractable_id: string;
  type: 'artist_release_contract' | 'licence' | 'generic';
  type_name: string;
  status: 'draft' | 'signed' | 'terminated';
  status_name: string;
  contractor_legal_name: string;
  contractee_legal_name: string;
  /** An artist's, or a payee's (a contract brought in from a file). */
  contractee_type: 'artist' | 'payee';
  start_date: string;
  end_date: string | null;
  metadata: Record<string, string | undefined>;
  contract_payees: { payee_id: string; share: string; name: string }[];
  term_words: string[];
  royalty_terms: RoyaltyTerms;
  version: number;
  versions: { version: number; effective_date: string; note?: string }[];
  contract_data: string;
  signed_copy_file_name: string | null;
  recoupment: ContractRecoupment;
};
type Template = { id: string; name: string; type: string };

/** The details the page shows: the document's words, with the delivery date (a day) after the term. */
const METADATA_WORDS: { key: string; label: string }[] = DETAIL_WORDS.flatMap((word) =>
  word.key === 'term' ? [word, { key: 'delivery_date', label: 'Delivery date' }] : [word],
);

const artistsSource = pickerSource('artists');

/** A new contract from a template: the contractee and both legal names; the defaults fill the rest. */
function NewContract({ subject, onMade }: { subject: { type: string; id: string }; onMade: (id: string) => void }) {
  const templates = useApi<{ contract_templates: Template[] }>('/contract_templates');
  const [template, setTemplate] = useState<string | null>(null);
  const [artist, setArtist] = useState<PickedRecord | null>(null);
  const [contractor, setContractor] = useState('');
  const [contractee, setContractee] = useState('');
  const [start, setStart] = useState(new Date().toISOString().slice(0, 10));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const options = (templates.data?.contract_templates ?? []).map((t) => ({ value: t.type, label: t.name }));
  const save = async () => {
    try {
      const made = await api.post<{ contract: Contract }>('/contracts', {
        contractable_type: subject.type,
        contractable_id: subject.id,
        type: template ?? options[0]?.value,
        contractee_type: 'artist',
        contractee_id: artist?.id ?? '',
        contractee_legal_name: contractee,
        contractor_legal_name: contractor,
        start_date: start,
      });
      setErrors({});
      notify('notification', 'Contract Added');
      onMade(made.contract.id);
    } catch (failure) {
      const fields = (failure as { errors?: Record<string, string[]> }).errors;
      if (fields) setErrors(fields);
      notify('error', errorMessage(failure));
    }
  };
  const err = (field: string) => errors[field]?.join(' ');
  return (
    <Container header={<Header variant="h2">New contract</Header>}>
      <SpaceBetween size="m">
        <ColumnLayout columns={2}>
          <FormField label="Template" errorText={err('type')}>
            <Select
              data-testid="contract-template"
              selectedOption={options.find((o) => o.value === template) ?? options[0] ?? null}
              options={options}
              onChange={({ detail }) => setTemplate(detail.selectedOption.value ?? null)}
            />
          </FormField>
          <FormField label="Artist" errorText={err('contractee_id')}>
            {/* Searched on the server, so every artist of the company can be chosen, however many it has. */}
            <RecordPicker
              source={artistsSource}
              testId="contract-artist"
              placeholder="Choose the artist"
              value={artist}
              onChange={setArtist}
            />
          </FormField>
          <FormField label="Label's legal name" errorText={err('contractor_legal_name')}>
            <Input
              data-testid="contract-contractor"
              value={contractor}
              onChange={({ detail }) => setContractor(detail.value)}
            />
          </FormField>
          <FormField label="Artist's legal name" errorText={err('contractee_legal_name')}>
            <Input
              data-testid="contract-contractee"
              value={contractee}
              onChange={({ detail }) => setContractee(detail.value)}
            />
          </FormField>
          <DateField label="Start date" value={start} onChange={setStart} error={err('start_date')} />
        </ColumnLayout>
        <Button variant="primary" data-testid="contract-create" onClick={() => void save()}>
          Create contract
        </Button>
      </SpaceBetween>
    </Container>
  );
}

/**
 * An amendment that has not taken effect yet: the page shows the contract's latest terms, so it says from when they
 * apply (statements until then use the version before).
 */
function FutureVersion({ versions }: { versions: Contract['versions'] }) {
  const latest = versions[versions.length - 1];
  if (!latest || versions.length < 2 || latest.effective_date <= new Date().toISOString().slice(0, 10)) return null;
  return (
    <Box color="text-status-info" data-testid="contract-future-version">
      These terms are version {latest.version}, which takes effect on {formatDate(latest.effective_date)}; until then
      version {latest.version - 1}'s apply.
    </Box>
  );
}

/** One contract: parties, terms in words, payees, versions, document links, signing and the signed copy. */
export function ContractDetail({
  id,
  onChanged,
  onDeleted,
}: {
  id: string;
  onChanged: () => void;
  /** A draft deleted from its page: the page closes it (its list was already told by `onChanged`). */
  onDeleted: () => void;
}) {
  const { data, error, mutate } = useApi<{ contract: Contract }>(`/contracts/${encodeURIComponent(id)}`);
  // Signing, terminating and deleting a draft are asked before they are done: none is undone from the page.
  const [confirming, setConfirming] = useState<null | 'signed' | 'terminated' | 'deleted'>(null);
  const [busy, setBusy] = useState(false);
  // Every change to a contract is catalogue.write (PATCH /contracts/{id}, …/update_contract, …/amendments): a member
  // whose role only reads the catalogue sees its terms, payees and documents.
  const mayChange = usePermits('catalogue.write');
  if (error) return <Box color="text-status-error">{errorMessage(error)}</Box>;
  const contract = data?.contract;
  if (!contract) return <Box>Loading contract</Box>;
  const base = `/contracts/${encodeURIComponent(contract.id)}`;
  // A draft made by mistake is deleted (the API refuses once it is signed: it is terminated instead).
  const remove = async () => {
    setBusy(true);
    try {
      const answer = await api.delete<{ message: string }>(base);
      notify('notification', answer.message);
      onChanged();
      onDeleted();
    } catch (failure) {
      notify('error', errorMessage(failure));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      notify('notification', done);
      await mutate();
      onChanged();
    } catch (failure) {
      notify('error', errorMessage(failure));
    }
  };
  return (
    <Container
      data-testid="contract-detail"
      header={
        <Header
          variant="h2"
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button data-testid="contract-pdf" onClick={() => void openLink(`${base}/document?format=pdf`)}>
                Document (PDF)
              </Button>
              <Button onClick={() => void openLink(`${base}/document?format=docx`)}>Document (Word)</Button>
              {mayChange && contract.status === 'draft' ? (
                <Button
                  onClick={() => void act(() => api.post(`${base}/update_contract`), 'Contract Document Updated')}
                >
                  Update document
                </Button>
              ) : null}
              {mayChange && contract.status === 'draft' ? (
                <Button data-testid="contract-delete" onClick={() => setConfirming('deleted')}>
                  Delete draft
                </Button>
              ) : null}
              {mayChange && contract.status === 'draft' ? (
                <Button variant="primary" data-testid="contract-sign" onClick={() => setConfirming('signed')}>
                  Mark signed
                </Button>
              ) : null}
              {mayChange && contract.status === 'signed' ? (
                <Button data-testid="contract-terminate" onClick={() => setConfirming('terminated')}>
                  Terminate
                </Button>
              ) : null}
            </SpaceBetween>
          }
        >
          {contractName(contract)}
        </Header>
      }
    >
      {confirming === 'deleted' ? (
        <ConfirmActionModal
          header="Delete the draft contract"
          confirmText="Delete draft"
          confirmTestId="contract-delete-confirm"
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void remove()}
        >
          {`The draft ${contractName(contract)} and its document are deleted. This cannot be undone.`}
        </ConfirmActionModal>
      ) : confirming ? (
        <ConfirmActionModal
          header={confirming === 'signed' ? 'Mark the contract signed' : 'Terminate the contract'}
          confirmText={confirming === 'signed' ? 'Mark signed' : 'Terminate'}
          confirmTestId="contract-status-confirm"
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setBusy(true);
            void act(
              () => api.patch(base, { status: confirming }),
              confirming === 'signed' ? 'Contract Signed' : 'Contract Terminated',
            ).finally(() => {
              setBusy(false);
              setConfirming(null);
            });
          }}
        >
          {confirming === 'signed'
            ? `Once signed, its terms and payees change only by an amendment from a date, and it binds statements from ${formatDate(contract.start_date)}.${contract.signed_copy_file_name ? '' : ' No signed copy is uploaded yet: you can add it below afterwards.'}`
            : 'Terminated, the contract can no longer be amended or its payees changed; it still decides the sales of the months within its dates. This cannot be undone.'}
        </ConfirmActionModal>
      ) : null}
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'Status', value: contract.status_name },
            { label: 'Label (contractor)', value: contract.contractor_legal_name },
            {
              label: `${contracteeWord(contract.contractee_type)} (contractee)`,
              value: contract.contractee_legal_name,
            },
            { label: 'Starts', value: formatDate(contract.start_date) },
            { label: 'Ends', value: contract.end_date ? formatDate(contract.end_date) : 'No end date' },
            { label: 'Version', value: String(contract.version) },
            {
              label: 'Deal type',
              value: contract.royalty_terms.deal_type === 'royalty' ? 'Royalty' : 'Net receipts (profit share)',
            },
            ...METADATA_WORDS.map(({ key, label }) => ({
              label,
              value: (key === 'delivery_date' ? formatDate(contract.metadata[key]) : contract.metadata[key]) || '-',
            })),
          ]}
        />
        {mayChange && contract.status === 'draft' ? (
          <ExpandableSection headerText="Edit the details" data-testid="contract-details">
            {/* Keyed by what was saved, so a saved change starts the form again from it. */}
            <DetailsEditor
              key={JSON.stringify([
                contract.contractor_legal_name,
                contract.contractee_legal_name,
                contract.start_date,
                contract.end_date,
                contract.metadata,
              ])}
              contract={contract}
              onSaved={() => {
                void mutate();
                onChanged();
              }}
            />
          </ExpandableSection>
        ) : null}
        <Box variant="h3">Royalty terms</Box>
        <FutureVersion versions={contract.versions} />
        {contract.term_words.length ? (
          <ol data-testid="contract-terms">
            {contract.term_words.map((words) => (
              <li key={words}>{words}</li>
            ))}
          </ol>
        ) : (
          <Box color="text-body-secondary">No royalty terms yet</Box>
        )}
        {!mayChange || contract.status === 'terminated' ? null : (
          <ExpandableSection
            headerText={contract.status === 'draft' ? 'Edit the terms and the deal' : 'Amend the terms and the deal'}
            defaultExpanded={contract.status === 'draft' && !contract.term_words.length}
            data-testid="contract-deal"
          >
            {/* Keyed by what was saved, so a saved change starts the rows again from it. */}
            <DealEditor
              key={`${contract.version}-${JSON.stringify(contract.royalty_terms)}`}
              contract={contract}
              onSaved={() => {
                void mutate();
                onChanged();
              }}
            />
          </ExpandableSection>
        )}
        {contract.versions.length > 1 ? (
          <Box color="text-body-secondary">
            Versions:{' '}
            {contract.versions
              .map((v) => `${v.version} from ${formatDate(v.effective_date)}${v.note ? ` (${v.note})` : ''}`)
              .join('; ')}
          </Box>
        ) : null}
        <RecoupmentBalance recoupment={contract.recoupment} terms={contract.royalty_terms} />
        <Box variant="h3">Payees</Box>
        {!mayChange || contract.status === 'terminated' ? null : (
          // Keyed by the version, so a saved change starts the rows again from what was saved.
          <PayeesEditor
            key={`${contract.version}-${contract.contract_payees.map((p) => `${p.payee_id}:${p.share}`).join()}`}
            contract={contract}
            onSaved={() => {
              void mutate();
              onChanged();
            }}
          />
        )}
        {mayChange && contract.status !== 'terminated' ? null : contract.contract_payees.length ? (
          <ul>
            {contract.contract_payees.map((p) => (
              <li key={p.payee_id}>
                {p.name}: {formatPercent(p.share)}
              </li>
            ))}
          </ul>
        ) : (
          <Box color="text-body-secondary">No payees yet</Box>
        )}
        <SignedCopyField
          base={base}
          fileName={contract.signed_copy_file_name}
          description="The contract as both parties signed it (PDF, Word, or a scan or photo as JPEG or PNG)"
          testId="contract-signed-copy"
          permission="catalogue.write"
          onSaved={async () => {
            await mutate();
            onChanged();
          }}
        />
      </SpaceBetween>
    </Container>
  );
}

/** The contracts of one release or label: the list, a new one from a template, the chosen one's detail. */
function ContractsPanel({
  subject,
  title,
  parent,
}: {
  subject: { type: string; id: string };
  title: string;
  parent?: ReactNode;
}) {
  const path = `/contracts?contractable_type=${subject.type}&contractable_id=${encodeURIComponent(subject.id)}`;
  const { data, error, isLoading, mutate } = useApi<{ contracts: Contract[] }>(path);
  // The contract the address names (?contract=…, as the company's contracts list links to it) opens at once.
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<string | null>(params.get('contract'));
  const [adding, setAdding] = useState(false);
  // Making a contract changes the catalogue: a member whose role only reads it sees the contracts.
  const mayChange = usePermits('catalogue.write');
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={parent}
          actions={
            <SpaceBetween size="xs" direction="horizontal">
              <PageButton href="/user/contracts" testId="contracts-all-link">
                All contracts
              </PageButton>
              <PageButton href="/user/contracts/import" testId="contracts-import-link">
                Import contracts
              </PageButton>
              {mayChange ? <Button onClick={() => setAdding(!adding)}>New contract</Button> : null}
            </SpaceBetween>
          }
        >
          {title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {adding ? (
          <NewContract
            subject={subject}
            onMade={(id) => {
              setAdding(false);
              setChosen(id);
              void mutate();
            }}
          />
        ) : null}
        <Table
          wrapLines
          data-testid="contracts-table"
          loading={isLoading}
          loadingText="Loading contracts"
          items={data?.contracts ?? []}
          empty={
            <Box color="text-body-secondary">
              {error
                ? errorMessage(error)
                : mayChange
                  ? 'No contracts yet: choose New contract to make one from a template'
                  : 'No contracts yet'}
            </Box>
          }
          header={<Header counter={data ? `(${data.contracts.length})` : undefined}>Contracts</Header>}
          columnDefinitions={[
            {
              id: 'who',
              header: 'Contract',
              isRowHeader: true,
              cell: (c) => (
                <Link onFollow={() => setChosen(c.id)} data-testid={`contract-${c.id}`}>
                  {contractName(c)}
                </Link>
              ),
            },
            { id: 'status', header: 'Status', cell: (c) => c.status_name },
            { id: 'start', header: 'Starts', cell: (c) => formatDate(c.start_date) },
            { id: 'terms', header: 'Royalty terms', cell: (c) => c.term_words.length || 'None yet' },
          ]}
        />
        {chosen ? (
          <ContractDetail id={chosen} onChanged={() => void mutate()} onDeleted={() => setChosen(null)} />
        ) : null}
      </SpaceBetween>
    </ContentLayout>
  );
}

/** /user/releases/{releaseId}/contracts */
export function ReleaseContractsPage() {
  const { releaseId = '' } = useParams();
  return (
    <ContractsPanel
      subject={{ type: 'release', id: releaseId }}
      title="Release contracts"
      parent={<ReleasePagesRow releaseId={releaseId} current="contracts" />}
    />
  );
}

/** /user/labels/{labelId}/contracts */
export function LabelContractsPage() {
  const { labelId = '' } = useParams();
  return (
    <ContractsPanel
      subject={{ type: 'label', id: labelId }}
      title="Label contracts"
      parent={<ParentRecordLink kind="label" id={labelId} />}
    />
  );
}
