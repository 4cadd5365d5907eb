import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useNavigate } from 'react-router';
import { useAdminCompanies } from '../resources';
import { openCompanyChooser, setCurrentCompany, useSession } from '../session';
import type { CurrentCompany } from '../types';

function CompanyEntry({ company, current }: { company: CurrentCompany; current: boolean }) {
  return (
    <div className="company-choice" data-testid={`company-choice-${company.id}`} data-current={current}>
      <SpaceBetween direction="horizontal" size="s" alignItems="center">
        <Button
          variant={current ? 'normal' : 'primary'}
          onClick={() => setCurrentCompany(company)}
          data-testid={`company-choose-${company.id}`}
        >
          {company.name}
        </Button>
        {company.distributed ? <Badge color="blue">Distributed</Badge> : null}
        {company.tags.map((tag) => (
          <Badge key={tag}>{tag}</Badge>
        ))}
        {current ? (
          <StatusIndicator type="success" data-testid="company-connected">
            Connected
          </StatusIndicator>
        ) : null}
      </SpaceBetween>
    </div>
  );
}

/**
 * Choose Current Company: Clear Current Company plus one entry per company of the
 * user, with a connected indicator on the current one. Admins may also pick any other company.
 */
export function CompanyChooser() {
  const { user, company } = useSession();
  const navigate = useNavigate();
  const isAdmin = user?.role === 'admin';
  const all = useAdminCompanies(isAdmin);
  const mine = user?.companies ?? [];
  const others = (all.data?.companies ?? []).filter((c) => !mine.some((m) => m.id === c.id));
  return (
    <Modal
      visible
      onDismiss={() => openCompanyChooser(false)}
      header="Choose Current Company"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={() => setCurrentCompany(null)} disabled={!company} data-testid="company-clear">
              Clear Current Company
            </Button>
            <Button variant="link" onClick={() => openCompanyChooser(false)}>
              Close
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s" data-testid="company-chooser">
        {mine.length === 0 ? (
          <Box color="text-body-secondary" data-testid="company-chooser-none">
            You are not a member of any company yet:{' '}
            <Button
              variant="inline-link"
              onClick={() => {
                openCompanyChooser(false);
                navigate('/user');
              }}
              data-testid="company-chooser-get-started"
            >
              get started on your dashboard
            </Button>{' '}
            by creating one or accepting an invitation.
          </Box>
        ) : null}
        {mine.map((c) => (
          <CompanyEntry key={c.id} company={c} current={c.id === company?.id} />
        ))}
        {isAdmin && others.length ? (
          <>
            <Box variant="h4">Other companies (admin)</Box>
            {others.map((c) => (
              <CompanyEntry key={c.id} company={{ ...c, tags: c.tags ?? [] }} current={c.id === company?.id} />
            ))}
          </>
        ) : null}
      </SpaceBetween>
    </Modal>
  );
}
