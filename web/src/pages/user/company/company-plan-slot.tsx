import Box from '@cloudscape-design/components/box';
import { ROUTE_BY_NAME, routePath } from '../../../app/route-table';
import { RouterLink } from '../../../components/router-link';

/**
 * The plan summary slot of the settings page. The plans slice owns the plan (GET /company/plan,
 * page UserCompanyPlan); until its summary component is wired here this links to its page.
 */
export function CompanyPlanSlot({ companyId }: { companyId: string }) {
  if (!ROUTE_BY_NAME.has('UserCompanyPlan'))
    return <Box color="text-body-secondary">The company's plan is shown here once plans are available.</Box>;
  return (
    <RouterLink href={routePath('UserCompanyPlan', { companyId })} data-testid="company-plan-link">
      See the company's plan and what it includes
    </RouterLink>
  );
}
