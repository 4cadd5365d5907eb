import SpaceBetween from '@cloudscape-design/components/space-between';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useReferenceRecord, useReferenceRoute } from './reference-api';
import { DeleteReferencesModal } from './reference-delete-modal';
import { recordTitle } from './reference-model';
import { ReferenceRowsTable, ReferenceValue } from './reference-values';
import { useMayOpen } from '../../../app/use-may-open';
import { DetailHeader } from '../../../components/detail-header';
import { RecordPageLinks } from '../../../components/record-page-links';
import { RecordState } from '../../../components/record-state';
import { StatusBadge } from '../../../components/status-badge';

/** /{area}/{collection}/{id}: the record's fields and nested rows, with Edit and Delete. */
export function ReferenceDetailPage() {
  const { config, id, base } = useReferenceRoute();
  const navigate = useNavigate();
  const mayOpen = useMayOpen();
  const { record: loaded, error, isLoading, mutate } = useReferenceRecord(config, id);
  const [deleting, setDeleting] = useState(false);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={loaded}
      retry={mutate}
      errorHeader={`Could not load the ${config.noun}`}
    >
      {(record) => {
        const list = base;
        const editPath = `${list}/${encodeURIComponent(record.id)}/edit`;
        // Editing and deleting need the same permission (a read-only member sees neither button).
        const mayChange = mayOpen(editPath);
        const shownColumns = config.columns.filter((c) => config.detailColumns?.includes(c.field));
        const fields: [string, string][] = [
          ...config.fields.filter((f) => f.kind !== 'rows').map((f): [string, string] => [f.name, f.label]),
          ...shownColumns.map((c): [string, string] => [c.field, c.header]),
          ['created_at', 'Created'],
          ['updated_at', 'Updated'],
        ];
        const rowFields = config.fields.filter((f) => f.kind === 'rows');

        return (
          <ContentLayout
            header={
              <DetailHeader
                testId="ref"
                title={recordTitle(config, record)}
                description={
                  config.pageLinks ? (
                    <RecordPageLinks
                      label={config.pageLinks.label}
                      links={config.pageLinks.links(record, base)}
                      testId="ref-page-links"
                    />
                  ) : undefined
                }
                onDelete={mayChange ? () => setDeleting(true) : undefined}
                onEdit={mayChange ? () => navigate(editPath) : undefined}
              />
            }
          >
            <SpaceBetween size="l">
              <Container header={<Header variant="h2">{config.notice}</Header>} data-testid="ref-detail">
                <KeyValuePairs
                  columns={3}
                  items={fields.map(([field, label]) => ({
                    label,
                    value: (
                      <span data-testid={`ref-value-${field}`}>
                        {shownColumns.some((c) => c.field === field && c.badge) ? (
                          <StatusBadge word={String(record[field] ?? '')} />
                        ) : (
                          <ReferenceValue config={config} record={record} field={field} />
                        )}
                      </span>
                    ),
                  }))}
                />
              </Container>
              {config.DetailExtra ? <config.DetailExtra config={config} record={record} /> : null}
              {rowFields.map((field) => {
                const Section = config.RowsSections?.[field.name];
                return Section && field.kind === 'rows' ? (
                  <Section key={field.name} config={config} record={record} field={field} editable={mayChange} />
                ) : (
                  <Container key={field.name} header={<Header variant="h2">{field.label}</Header>}>
                    <ReferenceRowsTable config={config} record={record} field={field.name} editable={mayChange} />
                  </Container>
                );
              })}
            </SpaceBetween>
            {deleting ? (
              <DeleteReferencesModal
                config={config}
                target={{ records: [record], bulk: false }}
                onClose={() => setDeleting(false)}
                // No refresh here: it would refetch the deleted record (a 404) while still on it; the list revalidates as it mounts.
                onDeleted={() =>
                  navigate(list, {
                    replace: true,
                    ...(config.afterDelete ? { state: { reload: config.afterDelete } } : {}),
                  })
                }
              />
            ) : null}
          </ContentLayout>
        );
      }}
    </RecordState>
  );
}
