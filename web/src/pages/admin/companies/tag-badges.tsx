import SpaceBetween from '@cloudscape-design/components/space-between';
import { StatusBadge } from '../../../components/status-badge';

/** Company tags as status words in their colours. */
export function TagBadges({ tags }: { tags: readonly string[] | undefined }) {
  if (!tags?.length) return <>-</>;
  return (
    <SpaceBetween direction="horizontal" size="xxs">
      {tags.map((t) => (
        <StatusBadge key={t} word={t} />
      ))}
    </SpaceBetween>
  );
}
