import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { formatDate } from '../../../../shared/format';
import { FormattedDate } from '../../components/formatted';
import { StatusBadge } from '../../components/status-badge';
import type { InboxItem as Item } from '../../../../shared/schemas/notice-views';

type Props = {
  item: Item;
  expanded: boolean;
  marking: boolean;
  onToggle: (expanded: boolean) => void;
  onMarkRead: () => void;
};

/** One notice in the inbox: unread ones are bold with a "New" badge; expanding shows the content. */
export function InboxItem({ item, expanded, marking, onToggle, onMarkRead }: Props) {
  const { notice, read } = item;
  return (
    <div data-testid={`inbox-item-${item.id}`} data-read={String(read)}>
      <ExpandableSection
        variant="container"
        expanded={expanded}
        onChange={({ detail }) => onToggle(detail.expanded)}
        headerText={
          // Inline (not a SpaceBetween div) so the title stays on the expand icon's line.
          <span style={{ fontWeight: read ? 'normal' : 'bold' }}>
            {notice.title} {read ? null : <Badge color="blue">New</Badge>} <StatusBadge word={notice.type_of} />
          </span>
        }
        headerDescription={formatDate(notice.created_at) || undefined}
        headerActions={
          read ? undefined : (
            <Button variant="normal" loading={marking} onClick={onMarkRead} data-testid={`inbox-mark-read-${item.id}`}>
              Mark as read
            </Button>
          )
        }
      >
        <SpaceBetween size="s">
          {/* Plain text: the content is shown as written, never as HTML. */}
          <Box variant="p" data-testid={`inbox-content-${item.id}`}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{notice.content}</span>
          </Box>
          {item.read_at ? (
            <Box variant="small" color="text-status-inactive">
              Read <FormattedDate value={item.read_at} />
            </Box>
          ) : null}
        </SpaceBetween>
      </ExpandableSection>
    </div>
  );
}
