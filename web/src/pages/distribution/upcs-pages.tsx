import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { FormattedDate } from '../../components/formatted';
import { pickerSource, RecordPicker, type PickedRecord } from '../../components/record-picker';
import { RouterLink } from '../../components/router-link';
import { ServerTable } from '../../components/server-table';
import { StatusBadge } from '../../components/status-badge';
import { parseUpcList } from '../../../../shared/distribution';
import { importUpcs, linkUpc, upcsPath, type PoolUpc } from './distribution-api';

const COLUMNS: TableProps.ColumnDefinition<PoolUpc>[] = [
  { id: 'upc', header: 'UPC', isRowHeader: true, sortingField: 'upc', cell: (u) => u.upc },
  { id: 'status', header: 'Status', sortingField: 'status', cell: (u) => <StatusBadge word={u.status} /> },
  {
    id: 'release',
    header: 'Release',
    cell: (u) =>
      u.release_id ? <RouterLink href={`/user/releases/${encodeURIComponent(u.release_id)}`}>Release</RouterLink> : '-',
  },
  { id: 'linked_at', header: 'Linked', sortingField: 'linked_at', cell: (u) => <FormattedDate value={u.linked_at} /> },
];

/** The release picker and button that take the pool's next free code for a release. */
function LinkToRelease({ onLinked }: { onLinked: () => Promise<unknown> }) {
  const [release, setRelease] = useState<PickedRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const link = async () => {
    if (!release) return;
    setBusy(true);
    try {
      notify('notification', (await linkUpc(release.id)).message);
      setRelease(null);
      await onLinked();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <RecordPicker
        source={pickerSource('releases')}
        value={release}
        onChange={setRelease}
        testId="upc-release"
        placeholder="Choose a release"
      />
      <Button disabled={!release} loading={busy} onClick={() => void link()} data-testid="upc-link">
        Link next free UPC
      </Button>
    </SpaceBetween>
  );
}

/** /distribution/upcs: the current company's UPC pool, free and linked, and linking a code to a release. */
export function UpcsPage() {
  const navigate = useNavigate();
  return (
    <ServerTable<PoolUpc>
      tableId="upcs"
      title="UPCs"
      description="Bought UPCs, handed out to releases one by one, never twice."
      resourceName="UPC"
      emptyNote={
        <span data-testid="upcs-empty">
          Import UPCs adds the codes the company bought; Link next free UPC then gives one to a release.
        </span>
      }
      columns={COLUMNS}
      collection="distribution_upcs"
      trackBy="upc"
      defaultSort={{ field: 'upc', order: 'asc' }}
      buildPath={upcsPath}
      actions={({ refresh }) => (
        <SpaceBetween direction="horizontal" size="xs">
          <LinkToRelease onLinked={refresh} />
          <Button variant="primary" onClick={() => navigate('/distribution/upcs/import')} data-testid="upcs-import">
            Import UPCs
          </Button>
        </SpaceBetween>
      )}
    />
  );
}

/**
 * /distribution/upcs/import: paste the codes, one a line. The page checks the check digits as
 * the server does before sending; the server's refusal names each bad line and imports nothing.
 */
export function UpcsImportPage() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const { codes } = parseUpcList(text);
  const submit = async () => {
    const local = parseUpcList(text).problems;
    setProblems(local);
    if (local.length) return;
    setBusy(true);
    try {
      notify('notification', (await importUpcs(text)).message);
      navigate('/distribution/upcs');
    } catch (error) {
      if (error instanceof ApiError && error.errors?.upcs) setProblems(error.errors.upcs);
      else notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ContentLayout header={<Header variant="h1">Import UPCs</Header>}>
      <Container>
        <SpaceBetween size="m">
          <FormField
            label="UPCs"
            description="One UPC-A (12 digits) or EAN-13 per line; every check digit is verified."
            errorText={problems.length ? `${problems.length} lines have problems` : undefined}
          >
            <Textarea value={text} onChange={({ detail }) => setText(detail.value)} rows={12} data-testid="upcs-text" />
          </FormField>
          {problems.length ? (
            <Alert type="error" header="Nothing was imported" data-testid="upcs-problems">
              <ul>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          <Button
            variant="primary"
            loading={busy}
            disabled={!codes.length}
            onClick={() => void submit()}
            data-testid="upcs-submit"
          >
            Import {codes.length || ''} UPCs
          </Button>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
