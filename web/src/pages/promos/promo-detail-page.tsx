import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import TimeInput from '@cloudscape-design/components/time-input';
import { useCallback, useEffect, useState } from 'react';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import { useNavigate, useParams } from 'react-router';
import { formatDate, formatDateTime } from '../../../../shared/format';
import { api } from '../../app/api';
import { displayLabel } from '../../app/display-labels';
import { notify, notifyError } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { useOnFollow } from '../../app/use-on-follow';
import { useFormSubmit } from '../../components/use-form-submit';
import { looksLikeEmail } from '../../components/form-rules';
import type { MailingList, Promo } from './promo-types';
import { FollowUpPanel } from './follow-up-panel';
import { SentPromoSummary } from './sent-promo-summary';
import { DateField, DateInput } from '../../components/date-input';
import { Permitted } from '../../components/permitted';
import { ParentRecordLink } from '../../components/parent-record-link';
import { usePermits } from '../../app/use-may-open';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { noAudioWarning, tracksWithoutAudio } from './tracks-without-audio';

type Draft = Omit<
  Promo,
  'id' | 'release_id' | 'status' | 'recordings' | 'sent_at' | 'send_at' | 'schedule' | 'schedule_error'
>;
/** The API's own sentence, said before sending. */
const limitIsWhole = (typed: string) => /^\d{1,3}$/.test(typed.trim()) && Number(typed) <= 100;
const DOWNLOAD_LIMIT = 'Downloads per recipient must be a whole number from 0 to 100';

const accessOptions = (['stream', 'download'] as const).map((value) => ({
  value,
  label: displayLabel(`promo_access_${value}`),
}));

const UNSAVED_BEFORE_SEND = 'Save the promo first: it is sent as it was last saved, without the changes above';

/** Whether the form differs from the promo as saved: its fields, or the download limit as typed. */
function promoFormChanged(promo: Promo, draft: Draft, limit: string): boolean {
  const fields = [
    'title',
    'artists',
    'subject',
    'biog',
    'start_date',
    'expiry_date',
    'release_date',
    'access',
  ] as const;
  if (fields.some((field) => (draft[field] ?? '') !== (promo[field] ?? ''))) return true;
  if (draft.feedback_required !== promo.feedback_required || (draft.template_id ?? '') !== (promo.template_id ?? ''))
    return true;
  if (limit.trim() !== String(promo.download_limit)) return true;
  return [...draft.recording_ids].sort().join() !== [...promo.recording_ids].sort().join();
}

/** The promo's fields as a form: editable while it is a draft (the API refuses changes once sent). */
function PromoForm({
  promo,
  onSaved,
  onUnsaved,
}: {
  promo: Promo;
  onSaved: () => void;
  /** Told whether the form holds changes not saved yet (a send goes out with what is saved). */
  onUnsaved: (unsaved: boolean) => void;
}) {
  const [draft, setDraft] = useState<Draft>(promo);
  // Kept as typed, so "2.7" is refused as it stands instead of being saved as 2.
  const [limit, setLimit] = useState(String(promo.download_limit));
  // The promo as last saved: the page's read, or a save's answer before that read comes back (a Send pressed right
  // after Save must not find the changes just saved "not saved").
  const [saved, setSaved] = useState<Promo>(promo);
  const showSaved = useCallback((next: Promo) => {
    setSaved(next);
    setDraft(next);
    setLimit(String(next.download_limit));
  }, []);
  useEffect(() => showSaved(promo), [promo, showSaved]);
  const unsaved = promoFormChanged(saved, draft, limit);
  useEffect(() => onUnsaved(unsaved), [unsaved, onUnsaved]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const recordings = promo.recordings ?? [];
  const templates = useApi<{ templates: { id: string; name: string }[] }>('/promo_templates').data?.templates ?? [];
  const templateOptions = [
    { value: '', label: 'Plain template' },
    ...templates.map((t) => ({ value: t.id, label: t.name })),
  ];
  const send = () => {
    const { title, artists, subject, biog, start_date, expiry_date, access, feedback_required } = draft;
    return api.patch<{ message: string; promo: Promo }>(`/promos/${promo.id}`, {
      title,
      artists,
      subject,
      biog,
      start_date,
      expiry_date,
      access,
      download_limit: limitIsWhole(limit) ? Number(limit.trim()) : promo.download_limit,
      feedback_required,
      recording_ids: draft.recording_ids,
      template_id: draft.template_id ?? null,
      ...(draft.release_date ? { release_date: draft.release_date } : {}),
    });
  };
  const { errors, submit: save } = useFormSubmit({
    validate: (): Record<string, string> =>
      draft.access === 'stream' || limitIsWhole(limit) ? {} : { download_limit: DOWNLOAD_LIMIT },
    send,
    onSuccess: (answer) => {
      showSaved(answer.promo);
      notify('notification', answer.message);
      onSaved();
    },
  });
  const err = (field: string) => errors[field];
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            <Button onClick={save} data-testid="save-promo">
              Save
            </Button>
          }
        >
          Promo
        </Header>
      }
    >
      <SpaceBetween size="m">
        <FormField label="Subject" errorText={err('subject')}>
          <Input value={draft.subject} onChange={(e) => set('subject', e.detail.value)} data-testid="promo-subject" />
        </FormField>
        <ColumnLayout columns={2}>
          <FormField label="Title" errorText={err('title')}>
            <Input value={draft.title} onChange={(e) => set('title', e.detail.value)} />
          </FormField>
          <FormField label="Artists" errorText={err('artists')}>
            <Input value={draft.artists ?? ''} onChange={(e) => set('artists', e.detail.value)} />
          </FormField>
        </ColumnLayout>
        <FormField label="Biog" errorText={err('biog')}>
          <Textarea value={draft.biog ?? ''} onChange={(e) => set('biog', e.detail.value)} data-testid="promo-biog" />
        </FormField>
        <ColumnLayout columns={3}>
          <DateField
            label="Start date"
            value={draft.start_date}
            onChange={(day) => set('start_date', day)}
            error={err('start_date')}
          />
          <DateField
            label="Expiry date"
            value={draft.expiry_date}
            onChange={(day) => set('expiry_date', day)}
            error={err('expiry_date')}
          />
          <DateField
            label="Release date"
            value={draft.release_date ?? ''}
            onChange={(day) => set('release_date', day)}
            error={err('release_date')}
          />
        </ColumnLayout>
        <ColumnLayout columns={3}>
          <FormField label="Access" errorText={err('access')}>
            <Select
              data-testid="promo-access"
              selectedOption={accessOptions.find((o) => o.value === draft.access) ?? null}
              options={accessOptions}
              onChange={(e) => set('access', e.detail.selectedOption.value as Draft['access'])}
            />
          </FormField>
          {/* A stream-only promo has no downloads: their limit and the feedback asked before one do not apply. */}
          {draft.access === 'download' ? (
            <>
              <FormField label="Downloads per recipient" errorText={err('download_limit')}>
                <Input inputMode="numeric" value={limit} onChange={(e) => setLimit(e.detail.value)} />
              </FormField>
              <FormField label="Feedback" errorText={err('feedback_required')}>
                <Checkbox
                  checked={draft.feedback_required}
                  onChange={(e) => set('feedback_required', e.detail.checked)}
                >
                  Feedback required before download
                </Checkbox>
              </FormField>
            </>
          ) : null}
        </ColumnLayout>
        <FormField
          label="Mail template"
          description="Made in the template designer; without one, the plain template"
          errorText={err('template_id')}
        >
          <Select
            data-testid="promo-template"
            selectedOption={templateOptions.find((o) => o.value === (draft.template_id ?? '')) ?? null}
            options={templateOptions}
            onChange={(e) => set('template_id', e.detail.selectedOption.value || undefined)}
          />
        </FormField>
        <FormField label="Recordings" errorText={err('recording_ids')}>
          <Multiselect
            selectedOptions={recordings
              .filter((r) => draft.recording_ids.includes(r.id))
              .map((r) => ({ value: r.id, label: r.title }))}
            options={recordings.map((r) => ({
              value: r.id,
              label: r.title,
              ...(r.has_audio ? {} : { description: 'No audio yet' }),
            }))}
            onChange={(e) =>
              set(
                'recording_ids',
                e.detail.selectedOptions.map((o) => o.value as string),
              )
            }
          />
        </FormField>
      </SpaceBetween>
    </Container>
  );
}

/**
 * Send to mailing lists and single addresses (one a line); refused while the promo's form holds changes not saved.
 * Tracks a recipient could not play (no audio yet) are named before the send, which asks once more before it goes.
 */
function SendPanel({ promo, unsaved, onSent }: { promo: Promo; unsaved: boolean; onSent: () => void }) {
  const lists = useApi<{ mailing_lists: MailingList[] }>('/mailing_lists');
  const silent = tracksWithoutAudio(promo);
  const [asking, setAsking] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [addresses, setAddresses] = useState('');
  // Empty: send now. A date (and a time, in the browser's zone): the promo schedule sends it then.
  const [sendDate, setSendDate] = useState('');
  const [sendTime, setSendTime] = useState('09:00');
  const sendAt = sendDate ? new Date(`${sendDate}T${sendTime || '00:00'}`).toISOString() : undefined;
  const options = (lists.data?.mailing_lists ?? [])
    .filter((l) => l.active)
    .map((l) => ({ value: l.id, label: l.name, description: `${l.member_count ?? 0} members` }));
  // One address a line (a comma or semicolon also parts two): spaces stay inside a line, so "bob at example" is one
  // address, named as wrong, not three.
  const emails = addresses
    .split(/[\n,;]+/)
    .map((line) => line.trim())
    .filter(Boolean);
  const problems = (): Record<string, string> => {
    if (unsaved) return { unsaved: UNSAVED_BEFORE_SEND };
    const wrong = emails.find((email) => !looksLikeEmail(email));
    return wrong ? { emails: `“${wrong}” is not an e-mail address` } : {};
  };
  const {
    errors,
    submitting,
    submit: send,
  } = useFormSubmit({
    validate: problems,
    send: () =>
      api.post<{ message: string }>(`/promos/${promo.id}/send`, {
        mailing_list_ids: chosen,
        emails,
        ...(sendAt ? { send_at: sendAt } : {}),
      }),
    onSuccess: (sent) => {
      notify('notification', sent.message);
      onSent();
    },
  });
  // What the form itself refuses (changes not saved, a wrong address) is said first; then silent tracks are asked about.
  const press = () => (silent.length && !Object.keys(problems()).length ? setAsking(true) : void send());
  const sendAnyway = () => {
    setAsking(false);
    void send();
  };
  return (
    <Container
      header={
        <Header variant="h2" description="Each person gets their own link; unsubscribed addresses are left out.">
          Send
        </Header>
      }
    >
      <SpaceBetween size="m">
        <FormField label="Mailing lists" errorText={errors.mailing_list_ids}>
          <Multiselect
            data-testid="send-lists"
            selectedOptions={options.filter((o) => chosen.includes(o.value))}
            options={options}
            placeholder="Choose mailing lists"
            onChange={(e) => setChosen(e.detail.selectedOptions.map((o) => o.value as string))}
          />
        </FormField>
        <FormField label="Single addresses" description="One e-mail address a line" errorText={errors.emails}>
          <Textarea value={addresses} onChange={(e) => setAddresses(e.detail.value)} data-testid="send-addresses" />
        </FormField>
        <FormField
          label="Send later (optional)"
          description="Leave empty to send now. The time is your computer’s."
          errorText={errors.send_at}
        >
          <SpaceBetween direction="horizontal" size="xs">
            <DateInput value={sendDate} onChange={setSendDate} label="Send date" testId="send-date" />
            <TimeInput
              value={sendTime}
              onChange={(e) => setSendTime(e.detail.value)}
              format="hh:mm"
              placeholder="hh:mm"
              data-testid="send-time"
            />
          </SpaceBetween>
        </FormField>
        {silent.length ? (
          <Alert type="warning" header={noAudioWarning(silent)} data-testid="send-no-audio">
            Recipients see {silent.length === 1 ? 'it' : 'them'} without a player. Upload the audio on the recording, or
            take {silent.length === 1 ? 'it' : 'them'} off the promo and save.
          </Alert>
        ) : null}
        <Button variant="primary" onClick={press} loading={submitting} data-testid="send-promo">
          {sendAt ? 'Schedule send' : 'Send promo'}
        </Button>
        {asking && (
          <ConfirmActionModal
            header="Send without audio?"
            confirmText={sendAt ? 'Schedule anyway' : 'Send anyway'}
            busy={submitting}
            onCancel={() => setAsking(false)}
            onConfirm={sendAnyway}
            confirmTestId="send-without-audio"
          >
            {noAudioWarning(silent)}. Recipients see {silent.length === 1 ? 'it' : 'them'} without a player.
          </ConfirmActionModal>
        )}
        {errors.unsaved && unsaved ? (
          <Box color="text-status-error" data-testid="send-unsaved">
            {errors.unsaved}
          </Box>
        ) : null}
      </SpaceBetween>
    </Container>
  );
}

/** A send chosen for later: when, and Cancel until it starts; or why it could not start. */
function ScheduledSend({ promo, onChange }: { promo: Promo; onChange: () => void }) {
  // Cancelling changes the promo (DELETE /promos/{id}/scheduled_send: promotion.write).
  const mayCancel = usePermits('promotion.write');
  if (!promo.send_at || !promo.schedule || promo.schedule === 'started' || promo.schedule === 'cancelled') return null;
  const when = formatDateTime(promo.send_at);
  const cancel = async () => {
    try {
      notify('notification', (await api.delete<{ message: string }>(`/promos/${promo.id}/scheduled_send`)).message);
      onChange();
    } catch (failure) {
      notifyError(failure);
    }
  };
  if (promo.schedule === 'failed')
    return (
      <Alert type="error" header="The scheduled send could not start">
        {promo.schedule_error}
      </Alert>
    );
  return (
    <Alert
      type="info"
      data-testid="scheduled-send"
      action={
        promo.schedule === 'scheduled' &&
        mayCancel && (
          <Button onClick={cancel} data-testid="cancel-scheduled-send">
            Cancel scheduled send
          </Button>
        )
      }
    >
      {promo.schedule === 'scheduled' ? `Scheduled to send at ${when}.` : `Sending since ${when}.`}
    </Alert>
  );
}

/**
 * A new draft with this promo's words, access, tracks and mail template (a second wave to other lists, or next
 * month's version), starting today with the usual 30 days. Only the tracks still on the release are copied.
 */
function CopyPromo({ promo, releaseId }: { promo: Promo; releaseId: string }) {
  const navigate = useNavigate();
  const [copying, setCopying] = useState(false);
  const copy = async () => {
    setCopying(true);
    try {
      const made = await api.post<{ promo: Promo; message: string }>('/promos', {
        release_id: promo.release_id,
        subject: promo.subject,
        title: promo.title,
        artists: promo.artists ?? '',
        biog: promo.biog ?? '',
        ...(promo.release_date ? { release_date: promo.release_date } : {}),
        access: promo.access,
        download_limit: promo.download_limit,
        feedback_required: promo.feedback_required,
        recording_ids: (promo.recordings ?? []).filter((r) => r.chosen).map((r) => r.id),
        ...(promo.template_id ? { template_id: promo.template_id } : {}),
      });
      notify('notification', made.message);
      navigate(`/user/releases/${releaseId}/promos/${made.promo.id}/edit`);
    } catch (failure) {
      notifyError(failure);
    } finally {
      setCopying(false);
    }
  };
  return (
    <Button loading={copying} onClick={() => void copy()} data-testid="copy-promo">
      Copy to a new draft
    </Button>
  );
}

/**
 * A draft made by mistake (every New promo makes one) is deleted here, after a confirmation; a sent promo, or one
 * scheduled to send (cancel that first), has no such button and the API refuses it.
 */
function DeleteDraft({ promo, releaseId }: { promo: Promo; releaseId: string }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = async () => {
    setDeleting(true);
    try {
      notify('notification', (await api.delete<{ message: string }>(`/promos/${promo.id}`)).message);
      navigate(`/user/releases/${releaseId}/promos`);
    } catch (failure) {
      notifyError(failure);
      setDeleting(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button onClick={() => setAsking(true)} data-testid="delete-promo">
        Delete draft
      </Button>
      {asking && (
        <ConfirmActionModal
          header="Delete this draft promo?"
          cancelText="Keep it"
          confirmText="Delete draft"
          busy={deleting}
          onCancel={() => setAsking(false)}
          onConfirm={() => void remove()}
          confirmTestId="confirm-delete-promo"
        >
          “{promo.subject}” has not been sent to anyone. Deleting it cannot be undone.
        </ConfirmActionModal>
      )}
    </>
  );
}

/** One promo (`/promos/:promoId`, its edit and send pages): its fields, the form while a draft, Send. */
export function PromoDetailPage() {
  const { releaseId = '', promoId = '' } = useParams();
  const onFollow = useOnFollow();
  const answer = useApi<{ promo: Promo }>(`/promos/${promoId}`);
  const promo = answer.data?.promo;
  const reload = () => void answer.mutate();
  const [sends, setSends] = useState(0);
  const [unsaved, setUnsaved] = useState(false);
  if (answer.error) return <ApiErrorAlert error={answer.error} onRetry={reload} header="Could not load the promo" />;
  if (!promo) return <ContentLayout header={<Header variant="h1">Promo</Header>} />;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          // Whose promo it is, linking back to the release, as the release's promos page says.
          description={<ParentRecordLink kind="release" id={promo.release_id} />}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Permitted permission="promotion.write">
                <CopyPromo key={promo.id} promo={promo} releaseId={releaseId} />
              </Permitted>
              {promo.status !== 'draft' ? (
                <Button href={`/user/releases/${releaseId}/promos/${promo.id}/analysis`} onFollow={onFollow}>
                  Analysis
                </Button>
              ) : promo.schedule === 'scheduled' || promo.schedule === 'starting' ? null : (
                <Permitted permission="promotion.write">
                  <DeleteDraft promo={promo} releaseId={releaseId} />
                </Permitted>
              )}
            </SpaceBetween>
          }
        >
          {promo.subject}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container>
          <KeyValuePairs
            columns={4}
            items={[
              { label: 'Status', value: displayLabel(`promo_${promo.status}`) },
              { label: 'Access', value: displayLabel(`promo_access_${promo.access}`) },
              { label: 'Starts', value: formatDate(promo.start_date) },
              { label: 'Expires', value: formatDate(promo.expiry_date) },
            ]}
          />
        </Container>
        <ScheduledSend promo={promo} onChange={reload} />
        {/* Saving and sending change the promo (PATCH /promos/{id}, POST /promos/{id}/send: promotion.write): a member
            whose role only reads promos sees what it is and how it went. */}
        {promo.status === 'draft' && (
          <Permitted permission="promotion.write">
            <PromoForm key={promo.id} promo={promo} onSaved={reload} onUnsaved={setUnsaved} />
          </Permitted>
        )}
        {promo.status !== 'draft' && <SentPromoSummary promo={promo} />}
        {promo.status !== 'draft' && <FollowUpPanel promo={promo} onSent={reload} />}
        {/* A new panel after each send: its lists and addresses cleared, so a second click does not send again. */}
        <Permitted permission="promotion.write">
          <SendPanel
            key={`${promo.id}-${sends}`}
            promo={promo}
            unsaved={promo.status === 'draft' && unsaved}
            onSent={() => {
              setSends((n) => n + 1);
              reload();
            }}
          />
        </Permitted>
      </SpaceBetween>
    </ContentLayout>
  );
}
