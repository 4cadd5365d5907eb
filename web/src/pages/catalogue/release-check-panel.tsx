import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useNavigate } from 'react-router';
import type { Problem } from '../../../../shared/metadata-checker';
import { useApi } from '../../app/resources';
import { StatusBadge } from '../../components/status-badge';
import type { ReferenceConfig } from '../admin/reference/reference-types';

/** A release page's metadata check (spec 2 §5 guides), its status, and Duplicate (spec 2 §4). */
export function ReleaseCheckPanel({ record }: { config: ReferenceConfig; record: Record<string, unknown> & { id: string } }) {
  const navigate = useNavigate();
  const { data, isLoading, error } = useApi<{ problems: Problem[]; ok: boolean }>(`/releases/${encodeURIComponent(record.id)}/check`);
  return (
    <Container
      data-testid="release-check"
      header={
        <Header
          variant="h2"
          description="The metadata rules of the guides, checked on the release and each of its recordings."
          actions={
            <Button onClick={() => navigate(`/user/releases/new?duplicate=${encodeURIComponent(record.id)}`)} data-testid="release-duplicate">
              Duplicate
            </Button>
          }
        >
          Metadata check <StatusBadge word={String(record.status ?? 'drafted')} />
        </Header>
      }
    >
      {isLoading ? (
        <StatusIndicator type="loading">Checking</StatusIndicator>
      ) : error ? (
        <StatusIndicator type="error">Could not check the release</StatusIndicator>
      ) : data?.ok ? (
        <StatusIndicator type="success">
          <span data-testid="release-check-ok">No problems found</span>
        </StatusIndicator>
      ) : (
        <SpaceBetween size="s">
          <StatusIndicator type="warning">{`${data?.problems.length ?? 0} problems to fix before delivery`}</StatusIndicator>
          <Table
            variant="embedded"
            items={data?.problems ?? []}
            data-testid="release-check-problems"
            columnDefinitions={[
              { id: 'where', header: 'Where', cell: (p) => (p.scope === 'release' ? 'Release' : `Recording ${p.title}`) },
              { id: 'message', header: 'Problem', cell: (p) => p.message },
            ]}
            empty={<Box>No problems found</Box>}
          />
        </SpaceBetween>
      )}
    </Container>
  );
}
