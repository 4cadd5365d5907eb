import type { RecordPageLink } from '../../components/record-page-links';

type Named = { id: string; name: string } | null | undefined;

/** Where a release's expenses are listed: its label's expenses, narrowed to the release (null without a label). */
export function releaseExpensesHref(release: { id: string; label?: Named }): string | null {
  const label = release.label;
  if (!label) return null;
  const query = new URLSearchParams({ label_id: label.id, label_name: label.name, release_id: release.id });
  return `/user/labels/finances/expenses?${query}`;
}

/** Which of a release's own pages a link opens. */
export type ReleasePageKey = 'products' | 'assets' | 'contracts' | 'promos' | 'distribution' | 'expenses';

/**
 * A release's own pages, as its page (and each of them) links them under its heading. In the company's area: its products, assets,
 * contracts, promos, distribution (deliveries) and its label's expenses narrowed to it (once it has a label). An
 * admin's or the distribution area's release page has only its distribution page.
 */
export function releasePageLinks(
  release: { id: string; label?: Named },
  base: string,
): (RecordPageLink & { key: ReleasePageKey })[] {
  const page = `${base}/${encodeURIComponent(release.id)}`;
  const distribution = { key: 'distribution' as const, text: 'Distribution', href: `${page}/distribution` };
  if (!base.startsWith('/user/')) return [distribution];
  return [
    { key: 'products', text: 'Products', href: `${page}/products` },
    { key: 'assets', text: 'Assets', href: `${page}/assets` },
    { key: 'contracts', text: 'Contracts', href: `${page}/contracts` },
    { key: 'promos', text: 'Promos', href: `${page}/promos` },
    distribution,
    { key: 'expenses', text: 'Expenses', href: releaseExpensesHref(release), why: 'choose a label first' },
  ];
}
