import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import { NotYetStatedNotice } from './not-yet-stated';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useApi } from '../../../app/resources';
import { useStatementPages } from './statements-api';
import { StatementsTable } from './statements-table';
import type { LabelView } from '../../../../../shared/schemas/label';

/** Where a list has a separate selection page (the distribution area's statements/bulk_actions). */
const bulkPage = (list: string) => (list.startsWith('/distribution') ? `${list}/bulk_actions` : null);

/**
 * DistributionFinancesStatements (/distribution/finances/statements, with /bulk_actions for the
 * selection and its actions), AdminStatements (/admin/statements, selection always on) and the
 * tenant's /user/finances/statements: the company's published statements.
 */
export function StatementsPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pages = useStatementPages();
  const bulk = bulkPage(pages.list);
  const selecting = bulk ? pathname === bulk : true;
  return (
    <ContentLayout>
      {pathname.startsWith('/admin') ? null : <NotYetStatedNotice />}
      <StatementsTable
        tableId="statements"
        title={selecting && bulk ? 'Statements: bulk actions' : 'Statements'}
        selectable={selecting}
        headerActions={
          <>
            {bulk ? (
              <Button onClick={() => navigate(selecting ? pages.list : bulk)} data-testid="statements-bulk-toggle">
                {selecting ? 'Done' : 'Bulk actions'}
              </Button>
            ) : null}
            <Button variant="primary" onClick={() => navigate(pages.run)} data-testid="statements-new-run">
              New statement run
            </Button>
          </>
        }
      />
    </ContentLayout>
  );
}

/** UserLabelDistributionStatements (/user/labels/{labelId}/distribution_statements): what the distributor stated to the label. */
export function LabelDistributionStatementsPage() {
  const { labelId = '' } = useParams();
  const { data } = useApi<{ label: LabelView }>(labelId ? `/labels/${encodeURIComponent(labelId)}` : null);
  const name = data?.label.name ?? '';
  return (
    <ContentLayout>
      <StatementsTable
        tableId="label-distribution-statements"
        title={name ? `${name}: distribution statements` : 'Distribution statements'}
        description="The distribution statements of this label, newest first."
        selectable={false}
        fixed={{ label: { id: labelId, name: name || labelId }, type: 'DistributionStatement' }}
      />
    </ContentLayout>
  );
}
