import Alert from '@cloudscape-design/components/alert';
import { usePlanLacks } from '../app/plan-features';
import { useSession } from '../app/session';
import { RouterLink } from './router-link';

/**
 * What a plan without label pipelines cannot do, said where the release work starts (its quality-control
 * panel, its Distribution tab) with the plan that can and a link to change plan, so a Starter label learns it
 * before it builds a release rather than when "Send to quality control" is refused. Nothing for an admin
 * (not limited by plans) or a plan that includes them.
 */
export function PipelinesPlanNotice({ testId }: { testId: string }) {
  const lacks = usePlanLacks('label_pipelines');
  const companyId = useSession().company?.id;
  if (!lacks) return null;
  return (
    <Alert type="info" header="Your plan does not include delivery to stores" data-testid={testId}>
      {`The ${lacks.plan} plan does not include quality control and delivery to stores. You can build the release now; to send it to stores, choose ${lacks.upgrade ? `the ${lacks.upgrade} plan or a larger one` : 'a plan that includes them'}. `}
      {companyId ? (
        <RouterLink href={`/user/companies/${encodeURIComponent(companyId)}/plan`}>See the plans</RouterLink>
      ) : null}
    </Alert>
  );
}
