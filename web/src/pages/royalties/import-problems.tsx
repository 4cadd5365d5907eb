import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Textarea from '@cloudscape-design/components/textarea';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../../shared/format';
import { notify, notifyError } from '../../app/notifications';
import { RouterLink } from '../../components/router-link';
import {
  exchangeRatesFor,
  importJobsFinished,
  importJobUnderWay,
  royaltiesApi,
  useRoyaltyPages,
} from './royalties-api';
import { notifyImportJob } from './import-job-notice';
import type { RoyaltyImport } from '../../../../shared/schemas/royalty-views';

/**
 * Lines left unconverted for want of a rate: each distributor and currency pair with an "Add rate"
 * (the exchange-rates form filled in), and "Re-apply rates" to convert this import's lines again
 * once the rate is there.
 */
function MissingRates({ item, onChanged }: { item: RoyaltyImport; onChanged: () => void }) {
  const navigate = useNavigate();
  const { exchangeRates } = useRoyaltyPages();
  const [busy, setBusy] = useState(false);
  // The import is re-matched in the background: the button waits for it, then says what it found.
  const reapply = async () => {
    setBusy(true);
    try {
      const queued = await royaltiesApi.updateExchangeRates(item.id);
      onChanged();
      notifyImportJob(await importJobsFinished(queued.result.import_ids));
      onChanged();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  const rates = item.missing_rates ?? [];
  return (
    <Alert
      type="warning"
      header="Missing exchange rates"
      data-testid="import-missing-rates"
      action={
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={() => navigate(exchangeRates)} data-testid="import-exchange-rates">
            Exchange rates
          </Button>
          <Button
            onClick={() => void reapply()}
            loading={busy}
            disabled={importJobUnderWay(item.job)}
            data-testid="import-reapply-rates"
          >
            Re-apply rates
          </Button>
        </SpaceBetween>
      }
    >
      <SpaceBetween size="xs">
        <Box variant="p">
          These lines have no rate into {item.company_currency ?? 'the company currency'} on or before the payment date
          {item.payment_date ? <> ({formatDate(item.payment_date)})</> : null}, so they are left out of the import's
          total.
        </Box>
        {rates.map((r, index) => (
          <SpaceBetween
            key={`${r.distributor}-${r.original_currency}-${r.target_currency}`}
            direction="horizontal"
            size="xs"
            alignItems="center"
          >
            <Box data-testid={`import-missing-rate-${index}`}>
              {r.distributor} · {r.original_currency} → {r.target_currency}: {r.lines} line{r.lines === 1 ? '' : 's'}
            </Box>
            <RouterLink
              href={exchangeRatesFor({
                distributor: r.distributor,
                original_currency: r.original_currency,
                target_currency: r.target_currency,
                import_id: item.id,
              })}
              data-testid={`import-missing-rate-${index}-add`}
            >
              Add rate
            </RouterLink>
          </SpaceBetween>
        ))}
      </SpaceBetween>
    </Alert>
  );
}

/** "Accept": a person says why a flagged import may be stated; the reason is kept on the import. */
function AcceptImport({ item, onChanged }: { item: RoyaltyImport; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    if (!reason.trim()) {
      setError('Say why the import can be stated');
      return;
    }
    setBusy(true);
    try {
      notify('notification', (await royaltiesApi.acceptImport(item.id, reason.trim())).message ?? 'Import Accepted');
      setOpen(false);
      onChanged();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="import-accept">
        Accept
      </Button>
      <Modal
        visible={open}
        onDismiss={() => setOpen(false)}
        header="Accept this import"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button
                variant="primary"
                loading={busy}
                onClick={() => void accept()}
                data-testid="import-accept-confirm"
              >
                Accept
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <FormField
          label="Why can its sales be stated?"
          description="Kept on the import with your name and today's date."
          errorText={error}
        >
          <Textarea
            value={reason}
            onChange={({ detail }) => {
              setReason(detail.value);
              setError(undefined);
            }}
            data-testid="import-accept-reason"
          />
        </FormField>
      </Modal>
    </>
  );
}

/** What needs the user's attention on an import: a duplicate file, a failure, the worker's problems, missing rates. */
export function ImportProblems({
  item,
  onConfirm,
  confirming,
  onChanged,
}: {
  item: RoyaltyImport;
  onConfirm: () => void;
  confirming: boolean;
  onChanged: () => void;
}) {
  const { importPage } = useRoyaltyPages();
  return (
    <>
      {item.status === 'duplicate' ? (
        <Alert
          type="warning"
          header="This file was imported before"
          action={
            <Button onClick={onConfirm} loading={confirming} data-testid="import-confirm">
              Import anyway
            </Button>
          }
          data-testid="import-duplicate"
        >
          {item.duplicate_of ? (
            <>
              It matches <RouterLink href={importPage(item.duplicate_of)}>an earlier import</RouterLink>.{' '}
            </>
          ) : null}
          Importing it again would count its sales twice.
        </Alert>
      ) : null}
      {item.status === 'failed' ? (
        <Alert type="error" header="The import failed">
          {item.error}
        </Alert>
      ) : null}
      {item.problems?.length ? (
        <Alert
          type="warning"
          header={item.held ? 'Problems: held from statements' : 'Problems'}
          data-testid="import-problems"
          action={item.held ? <AcceptImport item={item} onChanged={onChanged} /> : undefined}
        >
          <SpaceBetween size="xs">
            <div>
              {item.problems.map((p) => (
                <div key={p}>{p}</div>
              ))}
            </div>
            {item.held ? (
              <Box variant="p">
                The report's own checks disagree with its lines, so statements leave these sales out until someone
                accepts the import, or it is deleted and imported again.
              </Box>
            ) : null}
            {item.accepted_at ? (
              <Box variant="p" data-testid="import-accepted">
                Accepted by {item.accepted_by_name || 'a team member'} on {formatDate(item.accepted_at.slice(0, 10))}:{' '}
                {item.accepted_reason}
              </Box>
            ) : null}
          </SpaceBetween>
        </Alert>
      ) : null}
      {item.missing_rates?.length ? <MissingRates item={item} onChanged={onChanged} /> : null}
    </>
  );
}
