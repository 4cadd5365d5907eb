import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { RouterLink } from '../../components/router-link';
import { distributionCompanyFinances } from '../finances/distribution-dashboard';
import { PlatformFigures } from '../finances/platform-dashboard';

const SECTIONS: [string, [string, string][]][] = [
  [
    'Catalogue',
    [
      ['Labels', '/admin/labels'],
      ['Artists', '/admin/artists'],
      ['Releases', '/admin/releases'],
      ['Recordings', '/admin/recordings'],
      ['Contributors', '/admin/contributors'],
    ],
  ],
  [
    'Accounts',
    [
      ['Users', '/admin/users'],
      ['Companies', '/admin/companies'],
      ['Access tokens', '/admin/access_tokens'],
      ['Subscriptions', '/admin/subscriptions'],
      ['Notices', '/admin/notices'],
    ],
  ],
  [
    'Money',
    [
      ['Royalties', '/admin/royalties'],
      ['Statements', '/admin/statements'],
      ['Imports', '/admin/imports'],
      ['Distributed labels', '/admin/distributed_labels'],
      ['Billing', '/billing'],
    ],
  ],
  [
    'Reference data',
    [
      ['Countries', '/admin/countries'],
      ['Languages', '/admin/languages'],
      ['Genres', '/admin/genres'],
      ['Performer roles', '/admin/performer_roles'],
      ['Societies', '/admin/societies'],
      ['Publishers', '/admin/publishers'],
      ['Rightsholders', '/admin/rightsholders'],
      ['Retailers', '/admin/retailers'],
      ['Distributors', '/admin/distributors'],
      ['DSPs', '/admin/dsps'],
    ],
  ],
  [
    'Tools',
    [
      ['Importer', '/admin/importer'],
      ['Metadata maps', '/admin/metadata_maps'],
      ['Site help', '/admin/site_help'],
      ['Distribution', '/distribution'],
    ],
  ],
];

/** AdminDashboard: the platform's figures and the way into every admin area. */
export function AdminDashboardPage() {
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Records across every company, and the reference data.">
          Admin Dashboard
        </Header>
      }
    >
      <SpaceBetween size="l">
        <PlatformFigures companyPage={distributionCompanyFinances} />
        <Container data-testid="admin-dashboard">
          <ColumnLayout columns={3} variant="text-grid">
            {SECTIONS.map(([title, links]) => (
              <SpaceBetween key={title} size="xs">
                <Box variant="h3">{title}</Box>
                {links.map(([text, href]) => (
                  <RouterLink key={href} href={href}>
                    {text}
                  </RouterLink>
                ))}
              </SpaceBetween>
            ))}
          </ColumnLayout>
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
