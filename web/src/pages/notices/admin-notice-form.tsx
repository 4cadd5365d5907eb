import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { displayLabel } from '../../app/display-labels';
import { notify } from '../../app/notifications';
import { FormShell } from '../../components/form-shell';
import { RecordState } from '../../components/record-state';
import { useFormSubmit } from '../../components/use-form-submit';
import { saveNotice, useAdminNotice, useAdminNoticesRefresh } from './notice-api';
import {
  emptyNotice,
  NOTICE_MESSAGES,
  NOTICE_TYPES,
  noticePayload,
  noticeToValues,
  validateNotice,
  type NoticeValues,
} from './notice-model';
import type { AdminNotice } from '../../../../shared/schemas/notice-views';
import { RecipientsField } from './recipients-field';

// The words the notices list and a notice's badge show for its type.
const TYPE_OPTIONS = NOTICE_TYPES.map((t) => ({ value: t, label: displayLabel(t) }));
const LIST = '/admin/notices';

/** Add and edit form; recipients are chosen on add only. After saving, back to the list. */
function NoticeForm({ notice }: { notice?: AdminNotice }) {
  const navigate = useNavigate();
  const refresh = useAdminNoticesRefresh();
  const isNew = !notice;
  const [values, setValues] = useState<NoticeValues>(() => (notice ? noticeToValues(notice) : emptyNotice()));
  const set = (patch: Partial<NoticeValues>) => setValues((v) => ({ ...v, ...patch }));
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => validateNotice(values, isNew),
    send: () => saveNotice(notice?.id, noticePayload(values, isNew)),
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', isNew ? NOTICE_MESSAGES.added(answer.message) : answer.message || NOTICE_MESSAGES.updated);
      navigate(LIST);
    },
  });
  const cancelTo = notice ? `${LIST}/${encodeURIComponent(notice.id)}` : LIST;

  return (
    <FormShell
      testId="notice"
      title={notice ? `Edit ${notice.title}` : 'New notice'}
      failure={failure}
      errors={errors}
      submitting={submitting}
      submitLabel={isNew ? 'Send notice' : 'Save changes'}
      onSubmit={() => void submit()}
      onCancel={() => navigate(cancelTo)}
    >
      <Container header={<Header variant="h2">Notice</Header>}>
        <SpaceBetween size="l">
          <FormField label="Title" errorText={errors.title} data-testid="notice-field-title">
            <Input
              value={values.title}
              onChange={({ detail }) => set({ title: detail.value })}
              ariaRequired
              invalid={Boolean(errors.title)}
            />
          </FormField>
          <FormField label="Content" errorText={errors.content} data-testid="notice-field-content">
            <Textarea
              value={values.content}
              onChange={({ detail }) => set({ content: detail.value })}
              rows={8}
              ariaRequired
              invalid={Boolean(errors.content)}
            />
          </FormField>
          <FormField label="Type" errorText={errors.type_of} data-testid="notice-field-type">
            <Select
              selectedOption={TYPE_OPTIONS.find((o) => o.value === values.type_of) ?? null}
              onChange={({ detail }) => set({ type_of: detail.selectedOption.value ?? '' })}
              options={TYPE_OPTIONS}
              invalid={Boolean(errors.type_of)}
            />
          </FormField>
          <FormField label="Readable" errorText={errors.readable}>
            <Toggle
              checked={values.readable}
              onChange={({ detail }) => set({ readable: detail.checked })}
              data-testid="notice-field-readable"
            >
              {values.readable ? 'Readable' : 'Not readable'}
            </Toggle>
          </FormField>
          {isNew ? (
            <RecipientsField value={values.users} error={errors.users} onChange={(users) => set({ users })} />
          ) : null}
        </SpaceBetween>
      </Container>
    </FormShell>
  );
}

/** /admin/notices/new and /admin/notices/{id}/edit. */
export function AdminNoticeFormPage() {
  const { noticeId } = useParams();
  const { data, error, isLoading, mutate } = useAdminNotice(noticeId);
  if (!noticeId) return <NoticeForm />;
  return (
    <RecordState error={error} isLoading={isLoading} data={data} retry={mutate} errorHeader="Could not load the notice">
      {(loaded) => (
        <ContentLayout>
          <NoticeForm key={loaded.notice.id} notice={loaded.notice} />
        </ContentLayout>
      )}
    </RecordState>
  );
}
