import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { formatDate } from '../../../../shared/format';
import { FOLLOW_UP_AUDIENCES, type FollowUpAudience, MAX_FOLLOW_UPS } from '../../../../shared/schemas/promos';
import { api, errorMessage } from '../../app/api';
import { notify } from '../../app/notifications';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import type { Promo } from './promo-types';
import { usePermits } from '../../app/use-may-open';

/** Who a follow-up goes to, as the choice and as what was done. */
const AUDIENCE: Record<FollowUpAudience, { choice: string; done: string }> = {
  not_opened: { choice: 'Those who have not opened it', done: 'to those who had not opened it' },
  no_feedback: { choice: 'Those who have left no feedback', done: 'to those who had left no feedback' },
};

/**
 * A sent promo's reminders: mailed once more to the people it went to who have not opened it (or left no feedback),
 * at most twice a promo. Asked first, saying who gets it; each gets it once, and their earlier link keeps working.
 */
export function FollowUpPanel({ promo, onSent }: { promo: Promo; onSent: () => void }) {
  const done = promo.follow_ups ?? [];
  const [audience, setAudience] = useState<FollowUpAudience>('not_opened');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    try {
      notify(
        'notification',
        (await api.post<{ message: string }>(`/promos/${promo.id}/follow_ups`, { audience })).message,
      );
      setProblem(null);
      onSent();
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  const room = done.length < MAX_FOLLOW_UPS;
  // Following up sends mail (POST /promos/{id}/follow_ups: promotion.write): a member whose role only reads promos
  // sees the follow-ups sent, without the form.
  const mayFollowUp = usePermits('promotion.write');
  if (!mayFollowUp && !done.length) return null;
  return (
    <Container
      data-testid="promo-follow-ups"
      header={
        <Header variant="h2" description="A reminder to the people it was sent to, at most twice a promo.">
          Follow up
        </Header>
      }
    >
      <SpaceBetween size="m">
        {done.length ? (
          <ul>
            {done.map((f) => (
              <li key={f.number}>{`Followed up on ${formatDate(f.at.slice(0, 10))} ${AUDIENCE[f.audience].done}`}</li>
            ))}
          </ul>
        ) : null}
        {!mayFollowUp ? null : !room ? (
          <Box color="text-body-secondary">This promo was followed up twice, the most a promo is.</Box>
        ) : promo.status === 'sending' ? (
          <Box color="text-body-secondary">It is going out now: follow it up once it is sent.</Box>
        ) : (
          <>
            <FormField label="Send a reminder to" errorText={problem ?? undefined}>
              <RadioGroup
                value={audience}
                onChange={({ detail }) => setAudience(detail.value as FollowUpAudience)}
                items={FOLLOW_UP_AUDIENCES.map((value) => ({ value, label: AUDIENCE[value].choice }))}
              />
            </FormField>
            <Box>
              <Button onClick={() => setAsking(true)} data-testid="promo-follow-up">
                Send follow-up
              </Button>
            </Box>
          </>
        )}
        {asking ? (
          <ConfirmActionModal
            header="Send a follow-up"
            confirmText="Send follow-up"
            confirmTestId="promo-follow-up-confirm"
            busy={busy}
            onCancel={() => setAsking(false)}
            onConfirm={() => void send()}
          >
            {`${AUDIENCE[audience].choice} get the promo's mail again, headed "Reminder:", once each, with a new link; the link they have keeps working. Nobody who unsubscribed, or whose link you withdrew, gets it.`}
          </ConfirmActionModal>
        ) : null}
      </SpaceBetween>
    </Container>
  );
}
