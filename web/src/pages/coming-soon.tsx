import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useRouteDef } from '../app/route-meta';
import { RouterLink } from '../components/router-link';

/** The one page for routes whose feature is not built yet; it names the feature in words (the route's title). */
export function ComingSoonPage() {
  const route = useRouteDef();
  const title = route?.title ?? 'This page';
  return (
    <ContentLayout header={<Header variant="h1">{title}</Header>}>
      <Container data-testid="coming-soon" data-route={route?.name}>
        <SpaceBetween size="m">
          <StatusIndicator type="pending">Coming soon</StatusIndicator>
          <Box variant="p">
            <b>{title}</b> is not available yet. It is part of the product plan and will appear here in a later release.
          </Box>
          <RouterLink href="/user">Back to your dashboard</RouterLink>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
