import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useSearchParams } from 'react-router';
import { api } from '../../app/api';
import { useApi } from '../../app/resources';
import { periodQuery } from '../money/finances/finance-model';
import { LoadState, PeriodContainer } from '../money/finances/period-views';
import { usePeriod } from '../money/finances/use-period';
import { BalanceView, EarningsView, ReleasesTable, StatementsTable } from './portal-parts';
import type {
  PortalArtist,
  PortalBalance,
  PortalEarnings,
  PortalRelease,
  PortalStatement,
} from '../../../../shared/schemas/artist-portal';

const enc = encodeURIComponent;

/** One artist's dashboard: balance, earnings for the period in the URL, releases, statements. */
function ArtistPanels({ artist }: { artist: PortalArtist }) {
  const [period] = usePeriod();
  const base = `/artist_portal/${enc(artist.id)}`;
  const earnings = useApi<PortalEarnings>(`${base}/earnings?${periodQuery(period)}`, { keepPreviousData: true });
  const balance = useApi<PortalBalance>(`${base}/balance`);
  const releases = useApi<{ releases: PortalRelease[] }>(`${base}/releases`);
  const statements = useApi<{ statements: PortalStatement[] }>(`${base}/statements`);
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Balance</Header>} data-testid="portal-balance-panel">
        <LoadState load={balance} errorHeader="Could not load the balance">
          {(view) => <BalanceView view={view} />}
        </LoadState>
      </Container>
      <PeriodContainer
        testId="portal-earnings"
        title="Earnings"
        description="Your share as your statements pay it, by pay period and by store"
        pickerTestId="portal-period"
        load={earnings}
        errorHeader="Could not load the earnings"
      >
        {(view) => <EarningsView view={view} />}
      </PeriodContainer>
      <Container>
        <LoadState load={statements} errorHeader="Could not load the statements">
          {(view) => (
            <StatementsTable
              statements={view.statements}
              download={(id, kind) => api.get<{ url: string }>(`${base}/statements/${enc(id)}/${kind}`)}
            />
          )}
        </LoadState>
      </Container>
      <Container>
        <LoadState load={releases} errorHeader="Could not load the releases">
          {(view) => <ReleasesTable releases={view.releases} />}
        </LoadState>
      </Container>
    </SpaceBetween>
  );
}

/**
 * /artist_dashboard (ArtistUserDashboard, artist users only): the artists the user is linked to
 * (a picker when there are several, kept in the URL as ?artist=) and the chosen one's figures.
 */
export function ArtistDashboardPage() {
  const artists = useApi<{ artists: PortalArtist[] }>('/artist_portal');
  const [params, setParams] = useSearchParams();
  return (
    <ContentLayout header={<Header variant="h1">Artist dashboard</Header>}>
      <LoadState load={artists} errorHeader="Could not load your artists">
        {({ artists: list }) => {
          if (!list.length)
            return (
              <Container data-testid="portal-no-artist">
                Your account is not linked to an artist yet: ask your label to add you on its artist page.
              </Container>
            );
          const chosen = list.find((a) => a.id === params.get('artist')) ?? list[0];
          const option = (a: PortalArtist) => ({ value: a.id, label: a.name, description: a.company_name });
          return (
            <SpaceBetween size="l">
              {list.length > 1 ? (
                <Select
                  data-testid="portal-artist-picker"
                  selectedOption={option(chosen)}
                  options={list.map(option)}
                  onChange={({ detail }) => {
                    const next = new URLSearchParams(params);
                    next.set('artist', String(detail.selectedOption.value));
                    setParams(next);
                  }}
                />
              ) : null}
              <ArtistPanels key={chosen.id} artist={chosen} />
            </SpaceBetween>
          );
        }}
      </LoadState>
    </ContentLayout>
  );
}
