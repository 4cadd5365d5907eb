import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { absoluteLink, formatPercent } from '../../../../shared/format';
import type { LabelView } from '../../../../shared/schemas/label';
import { useAdminCompanies } from '../../app/resources';
import { DetailHeader } from '../../components/detail-header';
import { FileSize, FormattedDate } from '../../components/formatted';
import { RecordState } from '../../components/record-state';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import { PayoutDetails } from '../money/payouts/payee-payout-extra';
import { DeleteLabelsModal } from './delete-labels-modal';
import { LABEL_MODES, useLabelResource, useRefreshLabels, type LabelMode } from './label-api';
import { LabelAgreementsPanel } from './label-agreements-panel';
import { LabelRequestActions } from './label-request-actions';
import { useMayOpen } from '../../app/use-may-open';

/** Child pages of a label (UserLabel children, and the admin labels/{id} children). */
const SECTIONS: Record<LabelMode, [string, string][]> = {
  user: [
    ['assets', 'Assets'],
    ['settings', 'Settings'],
    ['contracts', 'Contracts'],
    ['distribution_statements', 'Distribution statements'],
    ['statement_settings', 'Statement settings'],
    ['store', 'Store'],
  ],
  admin: [
    ['assets', 'Assets'],
    ['settings', 'Settings'],
  ],
};

const yesNo = (v: boolean | undefined) => (v ? 'Yes' : 'No');

function Logo({ label }: { label: LabelView }) {
  if (!label.logo) return <Box color="text-body-secondary">No logo</Box>;
  return (
    <SpaceBetween size="xxs">
      <img className="label-logo" src={label.logo.url} alt={`${label.name} logo`} data-testid="label-logo-image" />
      <Box variant="small">
        {label.logo.filename ?? 'logo'} · <FileSize bytes={label.logo.size} />
      </Box>
    </SpaceBetween>
  );
}

function LabelDetail({ mode }: { mode: LabelMode }) {
  const { labelId } = useParams();
  const navigate = useNavigate();
  const conf = LABEL_MODES[mode];
  const { data, error, isLoading, mutate } = useLabelResource(mode, labelId);
  const companies = useAdminCompanies(mode === 'admin');
  const refresh = useRefreshLabels();
  const [deleting, setDeleting] = useState(false);
  // Changing and deleting a label need the same permission (a read-only member sees neither button).
  const mayOpen = useMayOpen();
  return (
    <RecordState error={error} isLoading={isLoading} data={data} retry={mutate} errorHeader="Could not load the label">
      {(loaded) => {
        const label = loaded.label;
        const base = `${conf.pageBase}/${label.id}`;
        const companyName = companies.data?.companies.find((c) => c.id === label.company_id)?.name;

        return (
          <ContentLayout
            header={
              <DetailHeader
                testId="label"
                title={label.name}
                description={label.short_biog}
                onDelete={mayOpen(`${base}/edit`) ? () => setDeleting(true) : undefined}
                onEdit={mayOpen(`${base}/edit`) ? () => navigate(`${base}/edit`) : undefined}
                extraActions={
                  mode === 'admin' && label.requested ? (
                    <LabelRequestActions
                      label={label}
                      onApproved={() => void Promise.all([mutate(), refresh()])}
                      onRejected={() => {
                        void refresh();
                        navigate(conf.pageBase, { replace: true });
                      }}
                    />
                  ) : undefined
                }
              />
            }
          >
            <SpaceBetween size="l">
              <Container header={<Header variant="h2">Details</Header>} data-testid="label-details">
                <Grid gridDefinition={[{ colspan: { default: 12, s: 3 } }, { colspan: { default: 12, s: 9 } }]}>
                  <Logo label={label} />
                  <KeyValuePairs
                    columns={3}
                    items={[
                      {
                        label: 'Status',
                        value: <StatusBadge word={label.active ? 'active' : 'inactive'} testId="label-status" />,
                      },
                      { label: 'Distributed', value: label.distributed ? <StatusBadge word="distributed" /> : 'No' },
                      { label: 'Requested', value: label.requested ? <StatusBadge word="requested" /> : 'No' },
                      ...(label.requested && label.request_notes
                        ? [{ label: 'Request notes', value: label.request_notes }]
                        : []),
                      { label: 'E-mail', value: label.email || '-' },
                      {
                        label: 'Deal percentage',
                        value: label.deal_percentage === undefined ? '-' : formatPercent(label.deal_percentage),
                      },
                      { label: 'Fulfilment', value: yesNo(label.fulfilment) },
                      { label: 'Store', value: yesNo(label.store) },
                      {
                        label: 'Referred',
                        value: label.referred ? `Yes${label.referrer ? ` (by ${label.referrer})` : ''}` : 'No',
                      },
                      { label: 'Pseudonyms', value: label.pseudonyms?.length ? label.pseudonyms.join(', ') : '-' },
                      ...(mode === 'admin' ? [{ label: 'Company', value: companyName ?? label.company_id }] : []),
                      { label: 'Created', value: <FormattedDate value={label.created_at} /> },
                      { label: 'Updated', value: <FormattedDate value={label.updated_at} /> },
                    ]}
                  />
                </Grid>
              </Container>
              {label.biog ? (
                <Container header={<Header variant="h2">Biography</Header>}>
                  <Box variant="p">{label.biog}</Box>
                </Container>
              ) : null}
              <ColumnLayout columns={2}>
                <Container
                  header={
                    <Header variant="h2" counter={`(${label.urls?.length ?? 0})`}>
                      Links
                    </Header>
                  }
                  data-testid="label-urls"
                >
                  {label.urls?.length ? (
                    <SpaceBetween size="xs">
                      {label.urls.map((u) => (
                        <Link key={u.id ?? u.link} href={absoluteLink(u.link)} external>
                          {u.link_text || u.link}
                        </Link>
                      ))}
                    </SpaceBetween>
                  ) : (
                    <Box color="text-body-secondary">No links.</Box>
                  )}
                </Container>
                <Table
                  data-testid="label-identifiers"
                  header={
                    <Header variant="h2" counter={`(${label.label_identifiers?.length ?? 0})`}>
                      Identifiers
                    </Header>
                  }
                  items={label.label_identifiers ?? []}
                  columnDefinitions={[
                    { id: 'type_of', header: 'Type', cell: (i) => i.type_of },
                    { id: 'ref', header: 'Reference', cell: (i) => i.ref },
                  ]}
                  empty="No identifiers."
                />
              </ColumnLayout>
              <LabelAgreementsPanel key={label.updated_at} label={label} mode={mode} onSaved={() => void mutate()} />
              {mode === 'user' && label.distributed ? (
                // A distributed label is paid its distribution statements: masked payout details.
                <PayoutDetails type="Label" id={label.id} />
              ) : null}
              <Container header={<Header variant="h2">Label sections</Header>} data-testid="label-sections">
                <ColumnLayout columns={4} variant="text-grid">
                  {mayOpen(`${base}/edit`) ? <RouterLink href={`${base}/edit`}>Edit</RouterLink> : null}
                  {SECTIONS[mode].map(([segment, text]) => (
                    <RouterLink key={segment} href={`${base}/${segment}`} data-testid={`label-section-${segment}`}>
                      {text}
                    </RouterLink>
                  ))}
                </ColumnLayout>
              </Container>
            </SpaceBetween>
            {deleting ? (
              <DeleteLabelsModal
                mode={mode}
                labels={[label]}
                onClose={() => {
                  setDeleting(false);
                }}
                onDeleted={() => {
                  void refresh();
                  navigate(conf.pageBase, { replace: true });
                }}
              />
            ) : null}
          </ContentLayout>
        );
      }}
    </RecordState>
  );
}

/** UserLabel (/user/labels/{labelId}). */
export function UserLabelPage() {
  return <LabelDetail mode="user" />;
}

/** LabelAdmin (/admin/labels/{labelId}). */
export function AdminLabelPage() {
  return <LabelDetail mode="admin" />;
}
