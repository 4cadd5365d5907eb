import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { mailingListUpdate } from '../../../../shared/schemas/promos';
import { api } from '../../app/api';
import { notify } from '../../app/notifications';
import { zodErrors } from '../../components/form-rules';
import { FormShell } from '../../components/form-shell';
import { useFormSubmit } from '../../components/use-form-submit';
import { typedTags } from '../../components/form-rules';
import type { MailingList } from './promo-types';

/** A list's tags as typed: separated by commas, or semicolons as the members' CSV separates them. */
export const typedListTags = (typed: string) => typedTags(typed, /[,;]/);

/**
 * `/mailing_lists/:listId/edit`: the list's own fields (name, description, tags, and whether promos can be sent to
 * it), checked with the API's schema before they are sent. A list that is not active stays, with its members, but is
 * not offered when a promo is sent.
 */
export function MailingListEditForm({ list, onSaved }: { list: MailingList; onSaved: () => void }) {
  const navigate = useNavigate();
  const back = `/user/labels/promo_tools/mailing_lists/${list.id}`;
  const [form, setForm] = useState({
    name: list.name,
    description: list.description ?? '',
    tags: (list.tags ?? []).join(', '),
    active: list.active,
  });
  const body = () => ({ ...form, tags: typedListTags(form.tags) });
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => {
      const checked = mailingListUpdate.safeParse(body());
      return checked.success ? {} : zodErrors(checked.error, body());
    },
    send: () => api.patch<{ message: string }>(`/mailing_lists/${list.id}`, body()),
    onSuccess: (saved) => {
      notify('notification', saved.message);
      onSaved();
      navigate(back);
    },
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  return (
    <FormShell
      testId="mailing-list"
      title={`Edit ${list.name}`}
      failure={failure}
      errors={errors}
      submitting={submitting}
      submitLabel="Save changes"
      onSubmit={() => void submit()}
      onCancel={() => navigate(back)}
    >
      <Container>
        <SpaceBetween size="l">
          <FormField label="Name" errorText={errors.name}>
            <Input value={form.name} onChange={(e) => set('name', e.detail.value)} data-testid="edit-list-name" />
          </FormField>
          <FormField label="Description (optional)" errorText={errors.description}>
            <Textarea
              value={form.description}
              onChange={(e) => set('description', e.detail.value)}
              data-testid="edit-list-description"
            />
          </FormField>
          <FormField label="Tags (optional)" description="Separated by commas" errorText={errors.tags}>
            <Input value={form.tags} onChange={(e) => set('tags', e.detail.value)} data-testid="edit-list-tags" />
          </FormField>
          <FormField
            label="Active"
            description="Only active lists are offered when a promo is sent; the members stay either way."
            errorText={errors.active}
          >
            <Toggle
              checked={form.active}
              onChange={(e) => set('active', e.detail.checked)}
              data-testid="edit-list-active"
            >
              {form.active ? 'Promos can be sent to this list' : 'Not offered when a promo is sent'}
            </Toggle>
          </FormField>
        </SpaceBetween>
      </Container>
    </FormShell>
  );
}
