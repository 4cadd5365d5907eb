import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useParams } from 'react-router';
import { notify, notifyError } from '../../app/notifications';
import { pickerSource, RecordPicker, type PickedRecord } from '../../components/record-picker';
import { ConnectionsTable } from './connections-table';
import { MY_CONNECTIONS, requestDsp } from './distribution-api';
import { usePermits } from '../../app/use-may-open';

/**
 * UserCompanyDsps (/user/companies/{companyId}/distribution/dsps): the company's links to stores,
 * and a request for another store, which an admin answers on the connection requests page.
 */
export function CompanyDspsPage() {
  const { companyId = '' } = useParams();
  const [dsp, setDsp] = useState<PickedRecord | null>(null);
  const [busy, setBusy] = useState(false);
  // Asking for a store is delivery.write (POST /company/dsp_connections): a member whose role only sees deliveries
  // sees the company's connections.
  const mayRequest = usePermits('delivery.write');
  return (
    <ContentLayout header={<Header variant="h1">Company DSPs</Header>}>
      <ConnectionsTable
        title="DSP connections"
        empty={mayRequest ? 'No DSP connections yet: choose a DSP above and request it' : 'No DSP connections yet'}
        testId="company-dsps"
        path={MY_CONNECTIONS}
        companyId={companyId}
        showCompany={false}
        headerActions={(reload) =>
          mayRequest ? (
            <SpaceBetween direction="horizontal" size="xs">
              <RecordPicker
                source={pickerSource('dsps')}
                value={dsp}
                onChange={setDsp}
                testId="request-dsp"
                placeholder="Choose a DSP"
              />
              <Button
                disabled={!dsp || busy}
                loading={busy}
                data-testid="request-dsp-submit"
                onClick={async () => {
                  if (!dsp) return;
                  setBusy(true);
                  try {
                    notify('notification', (await requestDsp(companyId, dsp.id)).message);
                    setDsp(null);
                    await reload();
                  } catch (error) {
                    notifyError(error);
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                Request DSP
              </Button>
            </SpaceBetween>
          ) : null
        }
      />
    </ContentLayout>
  );
}
