import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { useCompany } from '../../../app/resources';
import { setCurrentCompany, useSession } from '../../../app/session';

/**
 * A company's finances shown while another company is the current one: the royalties list the
 * figures link to is the current company's, so the page offers to work in this company first
 * (a member's own company from the session, any company for an admin).
 */
export function OtherCompanyNotice({ companyId }: { companyId: string }) {
  const { user, company } = useSession();
  const mine = user?.companies.find((c) => c.id === companyId);
  const loaded = useCompany(company?.id === companyId || mine ? undefined : companyId);
  if (!companyId || company?.id === companyId) return null;
  const other = mine ?? loaded.data?.company;
  return (
    <Alert
      type="info"
      data-testid="finances-other-company"
      action={
        other ? (
          <Button
            onClick={() =>
              setCurrentCompany({
                id: other.id,
                name: other.name,
                tags: other.tags ?? [],
                distributed: other.distributed,
              })
            }
            data-testid="finances-work-in-company"
          >
            Work in {other.name}
          </Button>
        ) : null
      }
    >
      {company
        ? `The royalties behind these figures open in the current company, ${company.name}.`
        : 'The royalties behind these figures open in the current company; none is set.'}{' '}
      Work in this company to open its own lines.
    </Alert>
  );
}
