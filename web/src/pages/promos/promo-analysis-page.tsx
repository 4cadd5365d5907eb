import Button from '@cloudscape-design/components/button';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useParams } from 'react-router';
import { api } from '../../app/api';
import { usePermits } from '../../app/use-may-open';
import { formatDate } from '../../../../shared/format';
import { displayLabel } from '../../app/display-labels';
import { notify, notifyError } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { saveFile } from '../../app/save-file';
import type { Promo, Recipient, RecipientsAnswer } from './promo-types';
import { ParentRecordLink } from '../../components/parent-record-link';

async function exportCsv(promoId: string) {
  try {
    const { filename, csv } = await api.get<{ filename: string; csv: string }>(`/promos/${promoId}/recipients_csv`);
    saveFile(filename, csv, 'text/csv');
  } catch (failure) {
    notifyError(failure);
  }
}

/** The artist's PDF report, made now from the same figures as this page. */
async function downloadReport(promoId: string) {
  try {
    const { url } = await api.get<{ url: string }>(`/promos/${promoId}/report_pdf`);
    window.location.assign(url);
  } catch (failure) {
    notifyError(failure);
  }
}

/** A count with its share of the mails delivered ("2 (5.0%)"); the share comes from the API. */
const withRate = (count: number | undefined, share: string | null | undefined) =>
  share ? `${count ?? 0} (${share})` : String(count ?? 0);

/**
 * A promo's analysis and recipients (`/promos/:promoId/analysis` and `/recipients`): delivered, opened
 * (unreliable: mail apps open pages by themselves), bounced and marked as spam (with their
 * rates), played, downloaded and feedback, per recipient.
 */
export function PromoAnalysisPage() {
  const { promoId = '' } = useParams();
  const promo = useApi<{ promo: Promo }>(`/promos/${promoId}`).data?.promo;
  const answer = useApi<RecipientsAnswer>(`/promos/${promoId}/recipients`);
  const summary = answer.data?.summary;
  // Withdrawing a link changes the promo (POST /promos/{id}/recipients/{recipientId}/revoke: promotion.write).
  const mayRevoke = usePermits('promotion.write');
  const titles = new Map((promo?.recordings ?? []).map((r) => [r.id, r.title]));
  const revoke = async (recipient: Recipient) => {
    try {
      const done = await api.post<{ message: string }>(`/promos/${promoId}/recipients/${recipient.id}/revoke`);
      notify('notification', done.message);
      void answer.mutate();
    } catch (failure) {
      notifyError(failure);
    }
  };
  const plays = (r: Recipient) =>
    Object.entries(r.plays)
      .map(([id, count]) => `${titles.get(id) ?? 'A track'} ×${count}`)
      .join(', ') || '-';
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={promo ? <ParentRecordLink kind="release" id={promo.release_id} /> : undefined}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => downloadReport(promoId)} data-testid="promo-report">
                Report for the artist (PDF)
              </Button>
              <Button onClick={() => exportCsv(promoId)}>Export CSV</Button>
            </SpaceBetween>
          }
        >
          {promo ? `Analysis: ${promo.subject}` : 'Analysis'}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container>
          <KeyValuePairs
            columns={4}
            items={[
              { label: 'Recipients', value: String(summary?.recipients ?? 0) },
              { label: 'Delivered', value: String(summary?.delivered ?? 0) },
              { label: 'Bounced', value: withRate(summary?.bounced, summary?.bounce_rate) },
              { label: 'Marked as spam', value: withRate(summary?.complained, summary?.complaint_rate) },
              { label: 'Opened (unreliable)', value: String(summary?.opened ?? 0) },
              { label: 'Played', value: String(summary?.played ?? 0) },
              { label: 'Downloaded', value: String(summary?.downloaded ?? 0) },
              { label: 'Feedback', value: String(summary?.feedback ?? 0) },
              { label: 'Average rating', value: summary?.average_rating ?? '-' },
            ]}
          />
        </Container>
        <Table
          data-testid="promo-recipients"
          // Ten columns: a long address or comment wraps, so the last (Revoke link) stays on the page.
          wrapLines
          // On a narrower window the table scrolls sideways: the recipient and the Revoke link stay in view.
          stickyColumns={{ first: 1, last: mayRevoke ? 1 : 0 }}
          loading={answer.isLoading}
          items={answer.data?.recipients ?? []}
          empty={
            <Box textAlign="center" data-testid="promo-recipients-empty">
              {promo?.status === 'draft'
                ? 'Not sent yet: send the promo from its page to see who listened'
                : 'Nobody yet'}
            </Box>
          }
          header={<Header variant="h2">Recipients</Header>}
          columnDefinitions={[
            {
              id: 'email',
              header: 'Recipient',
              // The name on its own line, the address under it in small type. An address has no spaces to wrap
              // at: it may break anywhere, or it alone pushes the table wider than the page.
              cell: (r) => (
                <span style={{ overflowWrap: 'anywhere' }}>
                  {r.name ? (
                    <>
                      <Box>{r.name}</Box>
                      <Box variant="small" color="text-body-secondary">
                        {r.email}
                      </Box>
                    </>
                  ) : (
                    r.email
                  )}
                </span>
              ),
            },
            {
              id: 'status',
              header: 'Delivery',
              cell: (r) =>
                r.revoked
                  ? 'Link revoked'
                  : r.complained
                    ? 'Marked as spam'
                    : r.bounced
                      ? 'Bounced'
                      : displayLabel(`promo_${r.status}`),
            },
            {
              id: 'reminded',
              header: 'Reminded',
              cell: (r) => (r.followed_up_at ? formatDate(r.followed_up_at.slice(0, 10)) : '-'),
            },
            { id: 'opened', header: 'Opened (unreliable)', cell: (r) => (r.opened ? 'Yes' : 'No') },
            { id: 'plays', header: 'Played', cell: plays },
            { id: 'downloads', header: 'Downloads', cell: (r) => String(r.downloads) },
            { id: 'rating', header: 'Rating', cell: (r) => (r.feedback ? `${r.feedback.rating} / 5` : '-') },
            {
              id: 'support',
              header: 'Support',
              cell: (r) => (r.feedback ? displayLabel(`promo_support_${r.feedback.support}`) : '-'),
            },
            { id: 'comment', header: 'Comment', cell: (r) => r.feedback?.comment ?? '-' },
            ...(mayRevoke
              ? [
                  {
                    id: 'revoke',
                    // Wide enough for the link's words on one line: an empty, narrow last column broke them a letter a line.
                    header: 'Actions',
                    minWidth: 130,
                    cell: (r: Recipient) =>
                      r.revoked ? null : (
                        <Button variant="inline-link" onClick={() => revoke(r)}>
                          Revoke link
                        </Button>
                      ),
                  },
                ]
              : []),
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
