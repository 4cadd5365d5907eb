import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { displayLabel } from '../../../app/display-labels';
import { notify, notifyError } from '../../../app/notifications';
import { ConfirmActionModal } from '../../../components/confirm-action-modal';
import { FormattedDate } from '../../../components/formatted';
import { zodErrors } from '../../../components/form-rules';
import { StatusBadge } from '../../../components/status-badge';
import { useFormSubmit } from '../../../components/use-form-submit';
import { API_TOKEN_ACCESS, API_TOKEN_AREAS, type ApiTokenArea } from '../../../../../shared/api-token-scope';
import { apiTokenInput, type ApiTokenInput, type ApiTokenView } from '../../../../../shared/schemas/api-tokens';
import { createApiToken, revokeApiToken, useApiTokens } from './api-tokens-api';
import { CompanyFrame } from './company-frame';
import { DateInput } from '../../../components/date-input';
import { DATE_HINT } from '../../../components/form-rules';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A new token starts read-only on the catalogue, for 90 days: the least it can do. */
const emptyToken = (): ApiTokenInput => ({ name: '', access: 'read', areas: ['catalogue'], expires_at: inDays(90) });

const scopeText = (token: Pick<ApiTokenView, 'access' | 'areas'>) =>
  `${displayLabel(`api_token_access_${token.access}`)}: ${API_TOKEN_AREAS.filter((a) => token.areas.includes(a))
    .map((a) => displayLabel(`api_token_area_${a}`))
    .join(', ')}`;

const statusOf = (token: ApiTokenView) =>
  token.revoked
    ? { word: false, text: 'Revoked' }
    : token.expired
      ? { word: false, text: 'Expired' }
      : { word: true, text: 'Active' };

/** The secret of a token just made, shown this once, with how an integration sends it. */
function NewTokenSecret({ token, onDone }: { token: string; onDone: () => void }) {
  const example = `curl -H "Authorization: Bearer ${token}" ${window.location.origin}/api/v1/labels`;
  return (
    <Alert
      type="success"
      header="Copy the new API token now"
      data-testid="api-token-secret"
      action={<Button onClick={onDone}>Done</Button>}
    >
      <SpaceBetween size="s">
        <Box>This is the only time the token is shown: copy it and keep it with your integration’s secrets.</Box>
        <CopyToClipboard
          variant="inline"
          textToCopy={token}
          textToDisplay={<code data-testid="api-token-secret-value">{token}</code>}
          copyButtonAriaLabel="Copy the API token"
          copySuccessText="API token copied"
          copyErrorText="The token could not be copied"
        />
        <Box variant="small">Your integration sends it with every call, for example:</Box>
        <Box variant="code">{example}</Box>
      </SpaceBetween>
    </Alert>
  );
}

function NewTokenForm({ companyId, onMade }: { companyId: string; onMade: (token: string) => void }) {
  const [values, setValues] = useState<ApiTokenInput>(emptyToken);
  const set = (patch: Partial<ApiTokenInput>) => setValues((v) => ({ ...v, ...patch }));
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => {
      const parsed = apiTokenInput.safeParse(values);
      return parsed.success ? {} : zodErrors(parsed.error);
    },
    send: () => createApiToken(companyId, values),
    onSuccess: (answer) => {
      notify('notification', answer.message);
      onMade(answer.token);
    },
  });
  const toggleArea = (area: ApiTokenArea, on: boolean) =>
    set({ areas: on ? [...values.areas, area] : values.areas.filter((a) => a !== area) });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="api-token-form"
    >
      <Form
        errorText={failure}
        actions={
          <Button variant="primary" loading={submitting} formAction="submit" data-testid="api-token-create">
            Create API token
          </Button>
        }
      >
        <Container header={<Header variant="h2">New API token</Header>}>
          <SpaceBetween size="l">
            <FormField label="Name" description="What uses the token, e.g. “Accounting sync”." errorText={errors.name}>
              <Input
                value={values.name}
                onChange={({ detail }) => set({ name: detail.value })}
                invalid={Boolean(errors.name)}
                ariaRequired
                data-testid="api-token-name"
              />
            </FormField>
            <FormField label="Access" errorText={errors.access}>
              <RadioGroup
                value={values.access}
                onChange={({ detail }) => set({ access: detail.value as ApiTokenInput['access'] })}
                items={API_TOKEN_ACCESS.map((access) => ({
                  value: access,
                  label: displayLabel(`api_token_access_${access}`),
                }))}
                data-testid="api-token-access"
              />
            </FormField>
            <FormField
              label="Areas"
              description="The parts of the company’s data the token reaches. It never manages the company, its team or its tokens."
              errorText={errors.areas}
            >
              <SpaceBetween size="xxs">
                {API_TOKEN_AREAS.map((area) => (
                  <Checkbox
                    key={area}
                    checked={values.areas.includes(area)}
                    onChange={({ detail }) => toggleArea(area, detail.checked)}
                    data-testid={`api-token-area-${area}`}
                  >
                    {displayLabel(`api_token_area_${area}`)}
                  </Checkbox>
                ))}
              </SpaceBetween>
            </FormField>
            <FormField
              label="Expires"
              description="The last day the token works (at most a year away)."
              constraintText={DATE_HINT}
              errorText={errors.expires_at}
            >
              <DateInput
                value={values.expires_at}
                onChange={(day) => set({ expires_at: day })}
                label="Expiry date"
                invalid={Boolean(errors.expires_at)}
                testId="api-token-expires"
              />
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}

type TokenList = ReturnType<typeof useApiTokens>;

function TokenTable({ companyId, list }: { companyId: string; list: TokenList }) {
  const { data, isLoading, mutate } = list;
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);
  const [busy, setBusy] = useState(false);
  const revoke = async (token: ApiTokenView) => {
    setBusy(true);
    try {
      notify('notification', (await revokeApiToken(companyId, token.id)).message);
      await mutate();
      setRevoking(null);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Table
        data-testid="api-tokens-table"
        header={
          <Header variant="h2" counter={data ? `(${data.api_tokens.length})` : undefined}>
            API tokens
          </Header>
        }
        loading={isLoading}
        loadingText="Loading API tokens"
        items={data?.api_tokens ?? []}
        trackBy="id"
        empty={<Box textAlign="center">No API tokens yet.</Box>}
        columnDefinitions={[
          { id: 'name', header: 'Name', isRowHeader: true, cell: (t) => t.name },
          { id: 'scope', header: 'Scope', cell: (t) => scopeText(t) },
          { id: 'token', header: 'Token', cell: (t) => <code>{t.token_hint}</code> },
          { id: 'expires', header: 'Expires', cell: (t) => <FormattedDate value={t.expires_at} /> },
          {
            id: 'status',
            header: 'Status',
            cell: (t) => {
              const status = statusOf(t);
              return (
                <StatusBadge word={status.word} testId={`api-token-status-${t.id}`}>
                  {status.text}
                </StatusBadge>
              );
            },
          },
          {
            id: 'actions',
            header: 'Actions',
            cell: (t) =>
              t.expired ? null : (
                <Button variant="inline-link" onClick={() => setRevoking(t)} data-testid={`api-token-revoke-${t.id}`}>
                  Revoke
                </Button>
              ),
          },
        ]}
      />
      {revoking ? (
        <ConfirmActionModal
          header={`Revoke ${revoking.name}?`}
          confirmText="Revoke"
          busy={busy}
          onCancel={() => setRevoking(null)}
          onConfirm={() => void revoke(revoking)}
          confirmTestId="api-token-revoke-confirm"
        >
          The token stops working at once: an integration that uses it is refused from its next call.
        </ConfirmActionModal>
      ) : null}
    </>
  );
}

/** The form, the secret of the token just made and the list, which a new token refreshes. */
function TokensSection({ companyId }: { companyId: string }) {
  const [secret, setSecret] = useState<string | null>(null);
  // A made token starts a fresh form (the submit cycle stays busy after a success, for forms that move on).
  const [made, setMade] = useState(0);
  const list = useApiTokens(companyId, true);
  return (
    <SpaceBetween size="l">
      <Box>
        An API token lets your own systems call the API in this company, limited to the areas and access you choose. See
        the API reference for every call.
      </Box>
      {secret ? <NewTokenSecret token={secret} onDone={() => setSecret(null)} /> : null}
      <NewTokenForm
        key={made}
        companyId={companyId}
        onMade={(token) => {
          setSecret(token);
          setMade((count) => count + 1);
          void list.mutate();
        }}
      />
      <TokenTable companyId={companyId} list={list} />
    </SpaceBetween>
  );
}

/**
 * UserCompanyApiTokens: the company's API tokens for its own integrations. Listing, making and revoking them is
 * company.manage, so a member whose role does not allow it is refused the page as the other guarded pages refuse.
 */
export function CompanyApiTokensPage() {
  return (
    <CompanyFrame title="API tokens" permission="company.manage">
      {(company) => <TokensSection companyId={company.id} />}
    </CompanyFrame>
  );
}
