import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { RequestFormFrame } from './request-form-frame';
import { notify } from '../../app/notifications';
import { useFormSubmit } from '../../components/use-form-submit';
import { LabelChoice } from './label-choice';
import { type LabelRequest, lines, requestsApi, useCompanyRequests, useRefreshRequests } from './requests-api';
import { RequestsTable } from './requests-table';
import { DateField } from '../../components/date-input';

const fieldOf = (field: string) => field.replace(/^form\./, '');

/** The company's requests of one kind, below its form. */
function SentRequests({ kind, testId }: { kind: LabelRequest['kind']; testId: string }) {
  const { data } = useCompanyRequests();
  return (
    <RequestsTable
      testId={testId}
      header={<Header variant="h2">Sent requests</Header>}
      requests={(data?.requests ?? []).filter((r) => r.kind === kind)}
    />
  );
}

function WhitelistForm({ labelId }: { labelId: string }) {
  const refresh = useRefreshRequests();
  const [type, setType] = useState('own_accounts');
  const [urls, setUrls] = useState('');
  const [isrcs, setIsrcs] = useState('');
  const [date, setDate] = useState('');
  const [notes, setNotes] = useState('');
  const form = useFormSubmit({
    validate: () => ({}),
    fieldOf,
    send: () =>
      requestsApi.whitelist({
        label_id: labelId,
        type_of_form: type,
        soundcloud_urls: lines(urls),
        isrcs: lines(isrcs),
        whitelist_date: date,
        notes,
      }),
    onSuccess: async (answer) => {
      notify('notification', answer.message ?? 'Sent');
      setUrls('');
      setIsrcs('');
      await refresh();
    },
  });
  return (
    <RequestFormFrame
      title="SoundCloud whitelist"
      description="Asked at least 2 working days ahead."
      sendText="Send request"
      sendTestId="whitelist-send"
      busy={form.submitting && !form.failure}
      onSend={() => void form.submit()}
    >
      <FormField label="Whitelist" errorText={form.errors.type_of_form}>
        <RadioGroup
          value={type}
          onChange={({ detail }) => setType(detail.value)}
          items={[
            { value: 'own_accounts', label: 'The label’s own SoundCloud accounts' },
            { value: 'third_party', label: 'Third-party uploads of our recordings (by ISRC)' },
          ]}
        />
      </FormField>
      <FormField label="SoundCloud links" description="One per line" errorText={form.errors.soundcloud_urls}>
        <Textarea value={urls} onChange={({ detail }) => setUrls(detail.value)} data-testid="whitelist-urls" />
      </FormField>
      <FormField label="ISRCs" description="One per line; needed for third-party uploads" errorText={form.errors.isrcs}>
        <Textarea value={isrcs} onChange={({ detail }) => setIsrcs(detail.value)} />
      </FormField>
      <DateField
        label="Whitelist date"
        description="The day it must be whitelisted by"
        value={date}
        onChange={setDate}
        error={form.errors.whitelist_date}
      />
      <FormField label="Notes" errorText={form.errors.notes}>
        <Textarea value={notes} onChange={({ detail }) => setNotes(detail.value)} />
      </FormField>
    </RequestFormFrame>
  );
}

/** UserLabelTools whitelist: ask for SoundCloud whitelisting and follow the requests. */
export function WhitelistPage() {
  return (
    <ContentLayout header={<Header variant="h1">Whitelist</Header>}>
      <SpaceBetween size="l">
        <LabelChoice testId="whitelist-label">
          {(labelId) => <WhitelistForm key={labelId} labelId={labelId} />}
        </LabelChoice>
        <SentRequests kind="soundcloud_whitelist" testId="whitelist-requests" />
      </SpaceBetween>
    </ContentLayout>
  );
}

function YoutubeClaimForm({ labelId }: { labelId: string }) {
  const refresh = useRefreshRequests();
  const [type, setType] = useState('release_claim');
  const [urls, setUrls] = useState('');
  const [isrcs, setIsrcs] = useState('');
  const [timestamps, setTimestamps] = useState('');
  const [policy, setPolicy] = useState('monetize');
  const form = useFormSubmit({
    validate: () => ({}),
    fieldOf,
    send: () =>
      requestsApi.youtubeClaim({
        label_id: labelId,
        type_of_form: type,
        video_urls: lines(urls),
        isrcs: lines(isrcs),
        timestamps,
        policy,
      }),
    onSuccess: async (answer) => {
      notify('notification', answer.message ?? 'Sent');
      setUrls('');
      setIsrcs('');
      setTimestamps('');
      await refresh();
    },
  });
  return (
    <RequestFormFrame
      title="YouTube claim"
      description="Claims are released per video and song; an allowlist works by channel and does not release past claims."
      sendText="Send request"
      sendTestId="claim-send"
      busy={form.submitting && !form.failure}
      onSend={() => void form.submit()}
    >
      <FormField label="Request" errorText={form.errors.type_of_form}>
        <RadioGroup
          value={type}
          onChange={({ detail }) => setType(detail.value)}
          items={[
            { value: 'release_claim', label: 'Release claims on videos' },
            { value: 'allowlist', label: 'Allowlist channels' },
          ]}
        />
      </FormField>
      <FormField
        label={type === 'allowlist' ? 'Channel links' : 'Video links'}
        description="One per line"
        errorText={form.errors.video_urls}
      >
        <Textarea value={urls} onChange={({ detail }) => setUrls(detail.value)} data-testid="claim-urls" />
      </FormField>
      <FormField label="ISRCs of the songs" description="One per line" errorText={form.errors.isrcs}>
        <Textarea value={isrcs} onChange={({ detail }) => setIsrcs(detail.value)} data-testid="claim-isrcs" />
      </FormField>
      <FormField
        label="Timestamps"
        description="Where the songs play in the videos (0:30–1:10)"
        errorText={form.errors.timestamps}
      >
        <Input value={timestamps} onChange={({ detail }) => setTimestamps(detail.value)} />
      </FormField>
      <FormField label="Policy for future matches" errorText={form.errors.policy}>
        <RadioGroup
          value={policy}
          onChange={({ detail }) => setPolicy(detail.value)}
          items={[
            { value: 'monetize', label: 'Monetise' },
            { value: 'track', label: 'Track only' },
            { value: 'block', label: 'Block' },
          ]}
        />
      </FormField>
    </RequestFormFrame>
  );
}

/** UserLabelTools youtube_claims: release or allowlist YouTube claims and follow the requests. */
export function YoutubeClaimsPage() {
  return (
    <ContentLayout header={<Header variant="h1">YouTube claims</Header>}>
      <SpaceBetween size="l">
        <LabelChoice testId="claims-label">
          {(labelId) => <YoutubeClaimForm key={labelId} labelId={labelId} />}
        </LabelChoice>
        <SentRequests kind="youtube_claim" testId="claim-requests" />
      </SpaceBetween>
    </ContentLayout>
  );
}
