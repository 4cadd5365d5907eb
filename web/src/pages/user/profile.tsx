import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import type { ProfileInput } from '../../../../shared/schemas/auth';
import { api, ApiError } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { useMe } from '../../app/resources';
import { setUser, useSession } from '../../app/session';
import type { CurrentUser } from '../../../../shared/schemas/user-views';
import { rules, serverFieldErrors, validate } from '../../components/form-rules';
import { StatusBadge } from '../../components/status-badge';

type Values = {
  name: string;
  address: string;
  backup_email: string;
  phone_no: string;
  skype: string;
  beta_features: boolean;
  experimental_features: boolean;
};
const RULES = { name: [rules.required('Name')], backup_email: [rules.email()] };

function initial(user: CurrentUser): Values {
  return {
    name: user.name,
    address: user.profile.address ?? '',
    backup_email: user.profile.backup_email ?? '',
    phone_no: user.profile.phone_no ?? '',
    skype: user.profile.skype ?? '',
    beta_features: user.user_setting_attributes.beta_features,
    experimental_features: user.user_setting_attributes.experimental_features,
  };
}

/** UserProfile: name, contact details and the per-user feature flags (PATCH /user/{id}). */
export function UserProfilePage() {
  const { user } = useSession();
  useMe(); // refreshes the session's copy of the user from GET /me
  const [values, setValues] = useState<Values | null>(() => (user ? initial(user) : null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  if (!user || !values) return null;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues({ ...values, [key]: value });
  const text = (key: 'name' | 'backup_email' | 'phone_no' | 'skype', label: string) => (
    <FormField label={label} errorText={errors[key] ?? errors[`profile.${key}`]}>
      <Input
        value={values[key]}
        onChange={({ detail }) => set(key, detail.value)}
        nativeInputAttributes={{ 'data-testid': `profile-${key}` }}
      />
    </FormField>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values, RULES);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body: ProfileInput = {
      name: values.name.trim(),
      profile: {
        address: values.address.trim(),
        backup_email: values.backup_email.trim(),
        phone_no: values.phone_no.trim(),
        skype: values.skype.trim(),
      },
      user_setting_attributes: {
        beta_features: values.beta_features,
        experimental_features: values.experimental_features,
      },
    };
    setSaving(true);
    try {
      const answer = await api.patch<{ user: CurrentUser; message: string }>(
        `/user/${encodeURIComponent(user.id)}`,
        body,
      );
      setUser(answer.user);
      setValues(initial(answer.user));
      notify('notification', answer.message || MESSAGES.profileUpdated);
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors));
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={user.email}>
          User Profile
        </Header>
      }
    >
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="profile-form">
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={saving} data-testid="profile-submit">
              Save profile
            </Button>
          }
        >
          <SpaceBetween size="l">
            <Container
              header={
                <Header variant="h2" actions={<StatusBadge word={user.role} />}>
                  Details
                </Header>
              }
            >
              <ColumnLayout columns={2}>
                {text('name', 'Name')}
                {text('backup_email', 'Backup e-mail')}
                {text('phone_no', 'Phone number')}
                {text('skype', 'Skype')}
              </ColumnLayout>
              <FormField label="Address" errorText={errors['profile.address']} stretch>
                <Textarea
                  value={values.address}
                  onChange={({ detail }) => set('address', detail.value)}
                  rows={3}
                  nativeTextareaAttributes={{ 'data-testid': 'profile-address' }}
                />
              </FormField>
            </Container>
            <Container header={<Header variant="h2">Features</Header>}>
              <SpaceBetween size="s">
                <Toggle
                  checked={values.beta_features}
                  onChange={({ detail }) => set('beta_features', detail.checked)}
                  nativeInputAttributes={{ 'data-testid': 'profile-beta' }}
                >
                  Beta features
                </Toggle>
                <Toggle
                  checked={values.experimental_features}
                  onChange={({ detail }) => set('experimental_features', detail.checked)}
                  nativeInputAttributes={{ 'data-testid': 'profile-experimental' }}
                >
                  Experimental features
                </Toggle>
              </SpaceBetween>
            </Container>
          </SpaceBetween>
        </Form>
      </form>
    </ContentLayout>
  );
}
