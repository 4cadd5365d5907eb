import { LinksDashboard, type LinkSections } from './links-dashboard';

const SECTIONS: LinkSections = [
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
      // The labels' pitches, whitelisting and YouTube claims the team works through.
      ['Marketing requests', '/distribution/marketing'],
    ],
  ],
  [
    'Delivery',
    [
      ['Catalogue', '/distribution/catalogue'],
      ['Delivery records', '/distribution/deliveries'],
      ['DSPs', '/distribution/dsps'],
      ['Distributors', '/distribution/distributors'],
      ['UPCs', '/distribution/upcs'],
    ],
  ],
];

/** DistributionDashboard (/distribution): the platform's figures and the way into the distribution area. */
export function DistributionDashboardPage() {
  return (
    <LinksDashboard
      title="Distribution Dashboard"
      description="Money, clients and deliveries across every company."
      testId="distribution-dashboard"
      sections={SECTIONS}
    />
  );
}
