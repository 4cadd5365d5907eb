import { useApi } from '../app/resources';
import { RouterLink } from './router-link';

/** The records a page may belong to, how their name is read and where their own page is. */
const PARENTS = {
  release: { api: (id: string) => `/releases/${encodeURIComponent(id)}`, page: '/user/releases', answer: 'release' },
  label: { api: (id: string) => `/labels/${encodeURIComponent(id)}`, page: '/user/labels', answer: 'label' },
} as const;

/**
 * On a page of a release's or label's own (its contracts, promos, assets), whose it is, linking back to it: the header
 * names the record the page belongs to, so a reader who arrived by a link knows where they are.
 */
export function ParentRecordLink({ kind, id }: { kind: keyof typeof PARENTS; id: string }) {
  const parent = PARENTS[kind];
  const { data } = useApi<Record<string, { title?: string; name?: string }>>(id ? parent.api(id) : null);
  const record = data?.[parent.answer];
  const name = record?.title ?? record?.name;
  if (!name) return null;
  return (
    <span data-testid="parent-record-link">
      {kind === 'release' ? 'Release ' : 'Label '}
      <RouterLink href={`${parent.page}/${encodeURIComponent(id)}`}>{name}</RouterLink>
    </span>
  );
}
