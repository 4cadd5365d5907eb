import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useRef, useState } from 'react';
import { notify, notifyError } from '../../app/notifications';
import { useMe } from '../../app/resources';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { markNoticeRead, useInbox, useMeRefresh } from './notice-api';
import { InboxItem } from './inbox-item';
import { markReadInInbox, NOTICE_MESSAGES } from './notice-model';

/** UserMessages (Inbox): the signed-in user's notices, newest first; opening one marks it read. */
export function InboxPage() {
  const { data, error, isLoading, mutate } = useInbox();
  // Mounted so that re-reading /me after a read reaches the session (and the header's count).
  useMe();
  const refreshMe = useMeRefresh();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [marking, setMarking] = useState<ReadonlySet<string>>(new Set());
  // Guards against a second PATCH while one is under way (open, then Mark as read at once).
  const pending = useRef(new Set<string>());

  const markRead = async (id: string) => {
    if (pending.current.has(id)) return;
    pending.current.add(id);
    setMarking((s) => new Set(s).add(id));
    try {
      const answer = await markNoticeRead(id);
      // Show it read at once; the revalidation that follows confirms it.
      await mutate((current) => (current ? markReadInInbox(current, id, answer.read_at) : current), {
        revalidate: true,
      });
      notify('notification', answer.message || NOTICE_MESSAGES.markedRead);
      void refreshMe();
    } catch (failure) {
      notifyError(failure);
    } finally {
      pending.current.delete(id);
      setMarking((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    }
  };

  const toggle = (id: string, expanded: boolean) => {
    setOpen((s) => {
      const next = new Set(s);
      if (expanded) next.add(id);
      else next.delete(id);
      return next;
    });
    if (expanded && data?.notices.find((n) => n.id === id && !n.read)) void markRead(id);
  };

  const items = data?.notices ?? [];
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          counter={data ? `(${data.unread_count} unread)` : undefined}
          description="Notices sent to you. Open one to read it."
        >
          Inbox
        </Header>
      }
    >
      <SpaceBetween size="s" data-testid="inbox-list">
        {error ? (
          <ApiErrorAlert error={error} onRetry={() => void mutate()} header="Could not load your notices" />
        ) : null}
        {isLoading && !data ? <Spinner size="large" /> : null}
        {data && items.length === 0 ? (
          <Box textAlign="center" color="inherit" padding="l">
            <b>No notices</b>
          </Box>
        ) : null}
        {items.map((item) => (
          <InboxItem
            key={item.id}
            item={item}
            expanded={open.has(item.id)}
            marking={marking.has(item.id)}
            onToggle={(expanded) => toggle(item.id, expanded)}
            onMarkRead={() => void markRead(item.id)}
          />
        ))}
      </SpaceBetween>
    </ContentLayout>
  );
}
