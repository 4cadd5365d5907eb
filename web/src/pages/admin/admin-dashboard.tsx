import { LinksDashboard, type LinkSections } from '../money/finances/links-dashboard';

const SECTIONS: LinkSections = [
  [
    'Catalogue',
    [
      ['Labels', '/admin/labels'],
      ['Artists', '/admin/artists'],
      ['Releases', '/admin/releases'],
      ['Quality control', '/admin/quality_control'],
      ['Recordings', '/admin/recordings'],
      ['Contributors', '/admin/contributors'],
      ['Importer', '/admin/importer'],
      ['Metadata maps', '/admin/metadata_maps'],
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
      ['Jobs', '/admin/jobs'],
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
    <LinksDashboard
      title="Admin Dashboard"
      description="Records across every company, and the reference data."
      testId="admin-dashboard"
      sections={SECTIONS}
    />
  );
}
