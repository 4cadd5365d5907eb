import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { notify, notifyError } from '../../app/notifications';
import type { DspConnectionStatus } from '../../../../shared/distribution';
import { ConnectionsTable } from './connections-table';
import { ALL_CONNECTIONS, REQUESTED_DSPS, setConnectionStatus, type DspConnection } from './distribution-api';

/** A row button that moves a connection to a status, tells the admin, and reloads the list. */
function statusButton(row: DspConnection, status: DspConnectionStatus, label: string, reload: () => Promise<unknown>) {
  const run = async () => {
    try {
      notify('notification', (await setConnectionStatus(row.id, status)).message);
      await reload();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Button
      key={status}
      variant="inline-link"
      data-testid={`connection-${status}-${row.id}`}
      onClick={() => void run()}
    >
      {label}
    </Button>
  );
}

/**
 * /distribution/dsps/connections: every company's live connections, and apart from them the
 * pending ones an admin is still setting up with the store.
 */
export function DspConnectionsPage() {
  return (
    <ContentLayout header={<Header variant="h1">DSP connections</Header>}>
      <SpaceBetween size="l">
        <ConnectionsTable
          title="Connected"
          empty="No company is connected to a store yet"
          testId="connections-connected"
          path={ALL_CONNECTIONS('connected')}
          actions={(row, reload) => [statusButton(row, 'disconnected', 'Disconnect', reload)]}
        />
        <ConnectionsTable
          title="Pending connections"
          empty="No pending connections"
          testId="connections-pending"
          path={ALL_CONNECTIONS('pending')}
          actions={(row, reload) => [
            statusButton(row, 'connected', 'Connect', reload),
            statusButton(row, 'declined', 'Decline', reload),
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}

/** /distribution/dsps/connection_requests: the stores companies asked for, to connect, set up or decline. */
export function DspConnectionRequestsPage() {
  return (
    <ContentLayout>
      <ConnectionsTable
        title="DSP connection requests"
        page={{ description: 'Stores companies asked to deliver to: connect each, set it up (pending) or decline it.' }}
        empty="No connection requests: a company asks for a store on its DSPs page"
        testId="connection-requests"
        path={REQUESTED_DSPS}
        actions={(row, reload) => [
          statusButton(row, 'connected', 'Connect', reload),
          statusButton(row, 'pending', 'Set up (pending)', reload),
          statusButton(row, 'declined', 'Decline', reload),
        ]}
      />
    </ContentLayout>
  );
}
