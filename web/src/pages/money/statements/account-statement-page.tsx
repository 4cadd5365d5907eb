import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '../../../app/notifications';
import { useApi } from '../../../app/resources';
import { RouterLink } from '../../../components/router-link';
import { PeriodFields } from './period-fields';
import { RunView } from './run-view';
import { accountPath, USER_STATEMENT_PAGES } from './statement-model';
import { statementsApi } from './statements-api';
import { usePeriodForm } from './use-period-form';

type Kind = 'Payee' | 'Artist';
const COLLECTION: Record<Kind, { path: string; key: 'payee' | 'artist' }> = {
  Payee: { path: 'payees', key: 'payee' },
  Artist: { path: 'artists', key: 'artist' },
};

/** One account's statement for chosen periods (POST statements), then the run that makes it, followed here. */
function AccountStatement({ type, id }: { type: Kind; id: string }) {
  const navigate = useNavigate();
  const [query, setQuery] = useSearchParams();
  const runId = query.get('run');
  const { data } = useApi<Record<string, { name?: string }>>(
    id ? `/${COLLECTION[type].path}/${encodeURIComponent(id)}` : null,
  );
  const name = data?.[COLLECTION[type].key]?.name ?? '';
  const { period, setPeriod, errors, busy, submit } = usePeriodForm(async (periods) => {
    const answer = await statementsApi.forAccount({ statementable_type: type, statementable_id: id, ...periods });
    if (answer.message) notify('notification', answer.message);
    if (answer.statement_run) setQuery({ run: answer.statement_run.id });
    else if (answer.statement) navigate(USER_STATEMENT_PAGES.detail(answer.statement.id));
  });

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Preview what the account is owed for the periods, then publish its statement."
        >
          {name ? `New statement for ${name}` : 'New statement'}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {runId ? (
          <RunView key={runId} runId={runId} />
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
            noValidate
            data-testid="account-statement-form"
          >
            <Form
              actions={
                <Button variant="primary" formAction="submit" loading={busy} data-testid="account-statement-preview">
                  Preview
                </Button>
              }
            >
              <Container header={<Header variant="h2">Periods</Header>}>
                <PeriodFields
                  start={period.start}
                  end={period.end}
                  onChange={setPeriod}
                  errors={errors}
                  testId="account-statement-period"
                />
              </Container>
            </Form>
          </form>
        )}
        <RouterLink href={accountPath({ type, id })}>Back to the account</RouterLink>
      </SpaceBetween>
    </ContentLayout>
  );
}

/** UserPayeeNewStatement (/user/payees/{payeeId}/new_statement). */
export function PayeeNewStatementPage() {
  const { payeeId = '' } = useParams();
  return <AccountStatement type="Payee" id={payeeId} />;
}

/** UserArtistFinancesGenerateReport (/user/artists/{artistId}/finances/generate_report). */
export function ArtistGenerateReportPage() {
  const { artistId = '' } = useParams();
  return <AccountStatement type="Artist" id={artistId} />;
}
