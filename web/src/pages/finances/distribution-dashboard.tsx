import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { RouterLink } from '../../components/router-link';
import { PlatformFigures } from './platform-dashboard';

const SECTIONS: [string, [string, string][]][] = [
  [
    'Money',
    [
      ['Finances', '/distribution/finances'],
      ['Royalties', '/distribution/finances/royalties'],
      ['Statements', '/distribution/finances/statements'],
      ['Payments', '/distribution/finances/payments'],
      ['Payment run', '/distribution/finances/payment_run'],
      ['Expenses', '/distribution/finances/expenses'],
    ],
  ],
  [
    'Clients',
    [
      ['Companies', '/distribution/companies'],
      ['Labels', '/distribution/labels'],
      ['Releases', '/distribution/releases'],
      ['CRM', '/distribution/crm'],
    ],
  ],
  [
    'Delivery',
    [
      ['Deliveries', '/distribution/deliveries'],
      ['DSPs', '/distribution/dsps'],
      ['Distributors', '/distribution/distributors'],
      ['UPCs', '/distribution/upcs'],
    ],
  ],
];

/** The distribution company's finances page of a client company. */
export const distributionCompanyFinances = (id: string) => `/distribution/companies/${encodeURIComponent(id)}/finances`;

/** DistributionDashboard (/distribution): the platform's figures and the way into the distribution area. */
export function DistributionDashboardPage() {
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Money, clients and deliveries across every company.">
          Distribution Dashboard
        </Header>
      }
    >
      <SpaceBetween size="l">
        <PlatformFigures companyPage={distributionCompanyFinances} />
        <Container data-testid="distribution-dashboard">
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
