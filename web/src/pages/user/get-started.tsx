import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { CreateCompanyForm } from './create-company-form';

/**
 * "Get started" (docs/onboarding.md): a signed-in user without a company creates one here, or joins one by
 * its manager's invitation (listed above this panel on the dashboard when there is one).
 */
export function GetStartedPanel({ email }: { email: string }) {
  return (
    <Container
      id="get-started"
      header={
        <Header
          variant="h2"
          description="You are not a member of any company yet. Create your own, or join an existing one."
        >
          Get started
        </Header>
      }
      data-testid="get-started"
    >
      <SpaceBetween size="l">
        <CreateCompanyForm />
        <Box data-testid="get-started-ask">
          Joining an existing company? Ask a company&apos;s manager to invite <b>{email}</b>: the invitation arrives by
          e-mail and is listed here to accept.
        </Box>
      </SpaceBetween>
    </Container>
  );
}
