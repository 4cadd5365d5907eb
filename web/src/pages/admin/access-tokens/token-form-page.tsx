import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '../../../app/notifications';
import { FormShell } from '../../../components/form-shell';
import { NewOrEditPage, RecordState } from '../../../components/record-state';
import { useFormSubmit } from '../../../components/use-form-submit';
import { useAdminUser, USERS_BASE } from '../users/user-api';
import { UserPicker } from '../users/user-picker';
import { saveAccessToken, tokenPath, useAccessToken, useRefreshTokens } from './token-api';
import {
  emptyToken,
  TOKEN_MESSAGES,
  tokenPayload,
  TOKENS_BASE,
  tokenToValues,
  validateToken,
  type TokenValues,
} from './token-model';
import type { AccessToken } from '../../../../../shared/schemas/support-views';
import { TokenSecret } from './token-secret';
import { DateInput } from '../../../components/date-input';
import { DATE_HINT } from '../../../components/form-rules';

type FormProps = { token?: AccessToken; fixedUser?: { id: string; name: string; email: string } };

/** Create (user, service, optional expiry) and edit (service, expiry). A new token's secret is shown once. */
function TokenForm({ token, fixedUser }: FormProps) {
  const navigate = useNavigate();
  const refresh = useRefreshTokens();
  const isNew = !token;
  const [values, setValues] = useState<TokenValues>(() => (token ? tokenToValues(token) : emptyToken(fixedUser)));
  const [created, setCreated] = useState<AccessToken | null>(null);
  const set = (patch: Partial<TokenValues>) => setValues((v) => ({ ...v, ...patch }));
  const back = fixedUser ? `${USERS_BASE}/${encodeURIComponent(fixedUser.id)}/access_tokens` : TOKENS_BASE;
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => validateToken(values, isNew),
    send: () => saveAccessToken(token?.id, tokenPayload(values, isNew)),
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message || (isNew ? TOKEN_MESSAGES.added : TOKEN_MESSAGES.updated));
      if (isNew) setCreated(answer.access_token);
      else navigate(tokenPath(answer.access_token.id));
    },
  });

  if (created) {
    return (
      <SpaceBetween size="l">
        <Header variant="h1">Access token created: {created.service}</Header>
        <TokenSecret secret={created.token} />
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={() => navigate(back)} data-testid="token-done">
            Back to the list
          </Button>
          <Button variant="primary" onClick={() => navigate(tokenPath(created.id))} data-testid="token-view">
            View the token
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    );
  }

  return (
    <FormShell
      testId="token"
      title={token ? `Edit ${token.service}` : 'New access token'}
      failure={failure}
      errors={errors}
      submitting={submitting}
      submitLabel={isNew ? 'Create access token' : 'Save changes'}
      onSubmit={() => void submit()}
      onCancel={() => navigate(token ? tokenPath(token.id) : back)}
    >
      <Container header={<Header variant="h2">Access token</Header>}>
        <SpaceBetween size="l">
          {isNew ? (
            <FormField label="User" errorText={errors.user_id}>
              {fixedUser ? (
                <div data-testid="token-field-user">
                  <Box padding={{ top: 'xxs' }}>
                    {fixedUser.name || '(no name)'}{' '}
                    <Box variant="span" color="text-body-secondary">
                      {fixedUser.email}
                    </Box>
                  </Box>
                </div>
              ) : (
                <UserPicker
                  testId="token-field-user"
                  pickedEmail={values.user_id ? values.user_email : undefined}
                  invalid={Boolean(errors.user_id)}
                  onPick={(user) =>
                    set(user ? { user_id: user.id, user_email: user.email } : { user_id: '', user_email: '' })
                  }
                />
              )}
            </FormField>
          ) : null}
          <FormField
            label="Service"
            description="What the token is for."
            errorText={errors.service}
            data-testid="token-field-service"
          >
            <Input
              value={values.service}
              onChange={({ detail }) => set({ service: detail.value })}
              ariaRequired
              invalid={Boolean(errors.service)}
            />
          </FormField>
          <FormField
            label="Expires"
            description="Optional: leave empty for a token that never expires."
            constraintText={DATE_HINT}
            errorText={errors.expires_at}
            data-testid="token-field-expires"
          >
            <SpaceBetween direction="horizontal" size="xs">
              <DateInput
                value={values.expires_at}
                onChange={(day) => set({ expires_at: day })}
                label="Expiry date"
                invalid={Boolean(errors.expires_at)}
              />
              {values.expires_at ? (
                <Button
                  formAction="none"
                  variant="inline-link"
                  onClick={() => set({ expires_at: '' })}
                  data-testid="token-clear-expiry"
                >
                  Clear
                </Button>
              ) : null}
            </SpaceBetween>
          </FormField>
        </SpaceBetween>
      </Container>
    </FormShell>
  );
}

/** /admin/access_tokens/new?user_id=… starts with that user; the user's name comes from GET /admin/users/{id}. */
function NewTokenForm({ userId }: { userId?: string }) {
  const { data, error, isLoading, mutate } = useAdminUser(userId);
  if (!userId) return <TokenForm />;
  return (
    <RecordState error={error} isLoading={isLoading} data={data} retry={mutate} errorHeader="Could not load the user">
      {(loaded) => <TokenForm fixedUser={loaded.user} />}
    </RecordState>
  );
}

/** /admin/access_tokens/new and /admin/access_tokens/{accessTokenId}/edit. */
export function AdminAccessTokenFormPage() {
  const { accessTokenId } = useParams();
  const [search] = useSearchParams();
  const { data, error, isLoading, mutate } = useAccessToken(accessTokenId);
  return (
    <NewOrEditPage
      editing={Boolean(accessTokenId)}
      error={error}
      isLoading={isLoading}
      data={data}
      retry={mutate}
      errorHeader="Could not load the access token"
      newForm={<NewTokenForm userId={search.get('user_id') ?? undefined} />}
      editForm={(loaded) => <TokenForm key={loaded.access_token.id} token={loaded.access_token} />}
    />
  );
}
