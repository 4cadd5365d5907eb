import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../../app/api';
import { DeleteModal } from '../../../components/delete-modal';
import { EmailAddress } from '../../../components/email-address';
import { FileSize, FormattedDate } from '../../../components/formatted';
import { RouterLink } from '../../../components/router-link';
import { ServerTable } from '../../../components/server-table';
import { GLOBAL, USERS_BASE } from '../users/user-api';
import type { ImportRow } from '../../../../../shared/schemas/import-views';
import { uploadedFileName } from '../../../../../shared/file-names';
import { valueWords } from '../../../../../shared/messages';
import { IMPORTS_BASE, IMPORTS_DEFAULT_SORT, importsPath, type ImportsScope } from './import-model';

type Target = { rows: ImportRow[]; bulk: boolean };

/** Deletes one import (DELETE /imports/{id}) or a selection (POST /imports/bulk_destroy) and reports the server's message. */
async function deleteImports(target: Target, report: (message: string) => void) {
  const answer = target.bulk
    ? await api.post<{ message: string }>(
        `${IMPORTS_BASE}/bulk_destroy`,
        { import_ids: target.rows.map((r) => r.id) },
        GLOBAL,
      )
    : await api.delete<{ message: string }>(`${IMPORTS_BASE}/${encodeURIComponent(target.rows[0].id)}`, GLOBAL);
  report(answer.message);
}

function columns(
  onDelete: (row: ImportRow) => void,
  showUser: boolean,
  detailBase: string,
): TableProps.ColumnDefinition<ImportRow>[] {
  return [
    {
      id: 'created_at',
      header: 'Imported',
      sortingField: 'created_at',
      cell: (r) => <FormattedDate value={r.created_at} />,
    },
    {
      id: 'filename',
      header: 'File',
      sortingField: 'filename',
      isRowHeader: true,
      // The name the user chose, without the id it is stored under.
      cell: (r) => (
        <RouterLink href={`${detailBase}/${encodeURIComponent(r.id)}`}>{uploadedFileName(r.filename)}</RouterLink>
      ),
    },
    { id: 'type', header: 'Type', sortingField: 'type', cell: (r) => valueWords(r.type) },
    { id: 'records', header: 'Records', sortingField: 'records', cell: (r) => r.records },
    { id: 'filesize', header: 'Size', sortingField: 'filesize', cell: (r) => <FileSize bytes={r.filesize} /> },
    ...(showUser
      ? [
          {
            id: 'user',
            header: 'User',
            cell: (r: ImportRow) => (
              <RouterLink href={`${USERS_BASE}/${encodeURIComponent(r.user_id)}`}>
                <EmailAddress email={r.user_email} />
              </RouterLink>
            ),
          },
        ]
      : []),
    {
      id: 'actions',
      header: 'Actions',
      cell: (r) => (
        <Button
          variant="inline-link"
          onClick={() => onDelete(r)}
          ariaLabel={`Delete the import ${uploadedFileName(r.filename)}`}
          data-testid={`import-delete-${r.id}`}
        >
          Delete
        </Button>
      ),
    },
  ];
}

/** A user's or everyone's imports with delete; rows link under `detailBase` (the admin's or the profile's pages). */
export function ImportsTable({
  scope,
  title,
  description,
  detailBase = '/admin/imports',
  showUser = !('userId' in scope),
}: {
  scope: ImportsScope;
  title: string;
  description?: React.ReactNode;
  detailBase?: string;
  showUser?: boolean;
}) {
  const [target, setTarget] = useState<Target | null>(null);
  const navigate = useNavigate();
  // Only admins file a record for a user by hand (the admin's pages); users' records come from their imports.
  const canAdd = detailBase.startsWith('/admin/');
  const cols = useMemo(
    () => columns((row) => setTarget({ rows: [row], bulk: false }), showUser, detailBase),
    [showUser, detailBase],
  );
  const key = 'userId' in scope ? scope.userId : 'everyone';
  return (
    <ServerTable<ImportRow>
      key={key}
      tableId="imports"
      storageId="imports"
      title={title}
      description={description}
      resourceName="import"
      columns={cols}
      collection="imports"
      trackBy="id"
      defaultSort={IMPORTS_DEFAULT_SORT}
      buildPath={(params) => importsPath(params, scope)}
      filterKey={key}
      selectionType="multi"
      actions={({ selectedItems, refresh, clearSelection }) => (
        <SpaceBetween direction="horizontal" size="xs">
          {canAdd ? (
            <Button onClick={() => navigate('/admin/imports/new')} data-testid="imports-new">
              New import
            </Button>
          ) : null}
          <Button
            disabled={selectedItems.length === 0}
            onClick={() => setTarget({ rows: selectedItems, bulk: true })}
            data-testid="imports-delete-selected"
          >
            Delete selected
          </Button>
          {target ? (
            <DeleteModal
              noun="import"
              plural="imports"
              names={target.rows.map((r) => uploadedFileName(r.filename))}
              run={(report) => deleteImports(target, report)}
              onClose={() => setTarget(null)}
              onDeleted={() => {
                clearSelection();
                void refresh();
              }}
            />
          ) : null}
        </SpaceBetween>
      )}
    />
  );
}

/** AdminImports (/admin/imports): every user's imports. */
export function AdminImportsPage() {
  return <ImportsTable scope={{ everyone: true }} title="Imports" />;
}

/** /admin/users/{userId}/imports: one user's imports. */
export function AdminUserImportsPage() {
  const { userId } = useParams();
  const scope = useMemo(() => ({ userId: userId ?? '' }), [userId]);
  return (
    <ImportsTable
      scope={scope}
      title="User imports"
      description={<RouterLink href={`${USERS_BASE}/${encodeURIComponent(userId ?? '')}`}>Back to the user</RouterLink>}
    />
  );
}
