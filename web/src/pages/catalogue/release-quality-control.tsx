import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { api, ApiError, errorMessage, type FieldErrors } from '../../app/api';
import { useInvalidate } from '../../app/invalidate';
import { notify } from '../../app/notifications';
import { usePlanLacks } from '../../app/plan-features';
import { useSession } from '../../app/session';
import { FormattedDate } from '../../components/formatted';
import { PipelinesPlanNotice } from '../../components/pipelines-plan-notice';
import { StatusBadge } from '../../components/status-badge';
import { RouterLink } from '../../components/router-link';
import type { StatusChange } from '../../../../shared/catalogue';
import { qualityControlActions, reasonsOf } from './release-quality-control-model';
import { usePermits } from '../../app/use-may-open';

type Release = Record<string, unknown> & { id: string };

/**
 * A release's quality control: its status, "Send to quality control" for
 * the label, Approve and Reject (with reasons) for admins on the admin release page, the latest
 * rejection's reasons with the checker findings the admin saw, and every move so far.
 */
export function ReleaseQualityControl({ record }: { record: Release }) {
  const adminArea = useLocation().pathname.startsWith('/admin/');
  // The server treats an admin as an admin in any company: offer what it would allow them.
  const admin = useSession().user?.role === 'admin';
  const status = String(record.status ?? 'drafted');
  const history = ((record.status_history as StatusChange[] | undefined) ?? []).slice().reverse();
  const lastRejection = history.find((h) => h.to === 'rejected');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; errors?: FieldErrors } | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const base = adminArea ? '/admin/releases' : '/releases';
  const reload = useInvalidate(base, '/admin/releases', '/releases');
  const options = adminArea ? { companyId: null } : {};

  async function move(to: string, body: Record<string, unknown> = {}) {
    setBusy(true);
    setFailure(null);
    try {
      const path = `${base}/${encodeURIComponent(record.id)}`;
      const answer =
        to === 'quality_control' && !adminArea
          ? await api.post<{ message: string }>(`${path}/quality_control`)
          : await api.patch<{ message: string }>(`${path}/update_status`, { status: to, ...body }, options);
      notify('notification', answer.message);
      setRejecting(false);
      await reload();
    } catch (error) {
      setFailure({ message: errorMessage(error), errors: error instanceof ApiError ? error.errors : undefined });
    } finally {
      setBusy(false);
    }
  }

  // The label's moves (POST /releases/{id}/quality_control, PATCH …/update_status) are catalogue.write: a member whose
  // role only reads the catalogue sees where the release stands and its history.
  const mayMove = usePermits('catalogue.write');
  const actions = mayMove ? qualityControlActions(status, adminArea || admin) : [];
  const lacks = usePlanLacks('label_pipelines');
  return (
    <Container
      data-testid="release-qc"
      header={
        <Header
          variant="h2"
          description="A release reaches stores once an admin has approved it in quality control."
          actions={
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              {/* Where an approved release is sent to stores (its deliveries). */}
              <RouterLink
                href={`/${adminArea ? 'admin' : 'user'}/releases/${encodeURIComponent(record.id)}/distribution`}
                data-testid="release-distribution-link"
              >
                Distribution
              </RouterLink>
              {actions.map((action) => (
                <Button
                  key={action.to}
                  variant={action.primary ? 'primary' : 'normal'}
                  loading={busy}
                  disabled={Boolean(lacks) && !adminArea && action.to === 'quality_control'}
                  data-testid={`release-qc-${action.id}`}
                  onClick={() => (action.to === 'rejected' ? setRejecting(true) : void move(action.to))}
                >
                  {action.label}
                </Button>
              ))}
            </SpaceBetween>
          }
        >
          Quality control <StatusBadge word={status} testId="release-status" />
        </Header>
      }
    >
      <SpaceBetween size="m">
        {adminArea ? null : <PipelinesPlanNotice testId="release-qc-plan" />}
        {failure && !rejecting ? <MoveFailure failure={failure} /> : null}
        {status === 'rejected' && lastRejection ? <Rejection change={lastRejection} /> : null}
        <Table
          variant="embedded"
          data-testid="release-qc-history"
          header={<Header variant="h3">History</Header>}
          items={history}
          columnDefinitions={[
            { id: 'at', header: 'When', cell: (h) => <FormattedDate value={h.at} /> },
            { id: 'by', header: 'Who', cell: (h) => h.by_name ?? '-' },
            {
              id: 'move',
              header: 'Move',
              cell: (h) => (
                <SpaceBetween direction="horizontal" size="xxs">
                  <StatusBadge word={h.from} />
                  <span aria-hidden="true">→</span>
                  <StatusBadge word={h.to} />
                </SpaceBetween>
              ),
            },
            { id: 'why', header: 'Why', cell: (h) => [...(h.reasons ?? []), h.note ?? ''].filter(Boolean).join('; ') },
          ]}
          empty={<Box>Not sent to quality control yet</Box>}
        />
      </SpaceBetween>
      {rejecting ? (
        <RejectModal busy={busy} failure={failure} onClose={() => setRejecting(false)} onReject={move} />
      ) : null}
    </Container>
  );
}

function MoveFailure({ failure }: { failure: { message: string; errors?: FieldErrors } }) {
  const details = Object.values(failure.errors ?? {}).flat();
  return (
    <Alert type="error" header={failure.message} data-testid="release-qc-error">
      {details.length > 1 ? (
        <ul>
          {details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

function Rejection({ change }: { change: StatusChange }) {
  return (
    <Alert type="warning" header="Rejected in quality control" data-testid="release-qc-rejection">
      <SpaceBetween size="xs">
        <ul data-testid="release-qc-reasons">
          {(change.reasons ?? []).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
        {change.findings?.length ? (
          <Box>
            The metadata check found when it was reviewed:
            <ul data-testid="release-qc-findings">
              {change.findings.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </Box>
        ) : null}
        <Box>Fix the release and send it to quality control again.</Box>
      </SpaceBetween>
    </Alert>
  );
}

function RejectModal({
  busy,
  failure,
  onClose,
  onReject,
}: {
  busy: boolean;
  failure: { message: string; errors?: FieldErrors } | null;
  onClose: () => void;
  onReject: (to: string, body: Record<string, unknown>) => Promise<void>;
}) {
  const [text, setText] = useState('');
  return (
    <Modal
      visible
      onDismiss={onClose}
      header="Reject the release"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              Cancel
            </Button>
            <Button
              variant="primary"
              loading={busy}
              data-testid="release-qc-reject-confirm"
              onClick={() => void onReject('rejected', { reasons: reasonsOf(text) })}
            >
              Reject
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <FormField
        label="Reasons"
        description="One reason a line; the label sees them on the release page."
        errorText={failure?.errors?.reasons?.join(' ') ?? (failure ? failure.message : undefined)}
      >
        <div data-testid="release-qc-reasons-input">
          <Textarea value={text} onChange={({ detail }) => setText(detail.value)} rows={5} />
        </div>
      </FormField>
    </Modal>
  );
}
