import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useLocation } from 'react-router';
import { RouterLink } from '../components/router-link';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <ContentLayout header={<Header variant="h1">Page not found</Header>}>
      <Container data-testid="not-found">
        <Box variant="p">There is no page at {pathname}.</Box>
        <RouterLink href="/">Go to the home page</RouterLink>
      </Container>
    </ContentLayout>
  );
}
