import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session';
import { dashboardPath } from '../../app/session-rules';

const FEATURES: [string, string][] = [
  ['Catalogue', 'Labels, artists, releases, recordings, contributors and payees in one place, per company.'],
  ['Distribution', 'Quality-checked deliveries of your releases to digital stores, with their status.'],
  ['Royalties', 'Import sales reports, then produce statements for artists and labels that add up to the penny.'],
];

export function HomePage() {
  const { user } = useSession();
  const navigate = useNavigate();
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Catalogue, rights, delivery and royalty accounting for independent labels, publishers and distributors."
          actions={
            user ? (
              <Button variant="primary" onClick={() => navigate(dashboardPath(user.role))} data-testid="home-dashboard">
                Go to your dashboard
              </Button>
            ) : (
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => navigate('/signup')} data-testid="home-signup">
                  Sign up
                </Button>
                <Button variant="primary" onClick={() => navigate('/signin')} data-testid="home-signin">
                  Sign in
                </Button>
              </SpaceBetween>
            )
          }
        >
          Label Platform
        </Header>
      }
    >
      <Container>
        <ColumnLayout columns={3} variant="text-grid">
          {FEATURES.map(([title, text]) => (
            <div key={title}>
              {/* The level under the page's h1 (a heading level may not be skipped); h3's size. */}
              <Box variant="h2" fontSize="heading-m">
                {title}
              </Box>
              <Box variant="p">{text}</Box>
            </div>
          ))}
        </ColumnLayout>
      </Container>
    </ContentLayout>
  );
}
