import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextContent from '@cloudscape-design/components/text-content';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { LoadState } from '../money/finances/period-views';
import { DeadLinkGate, TokenStatements, useTokenApi } from './portal-parts';
import type { PortalProfile } from '../../../../shared/schemas/artist-portal';

const enc = encodeURIComponent;

function useHome() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const query = `token=${enc(token)}`;
  const base = `/artist_home/${enc(id)}`;
  return { id, token, query, base, page: (child = '') => `/artists/${enc(id)}${child}?${query}` };
}

function Profile() {
  const home = useHome();
  const load = useTokenApi<{ artist: PortalProfile }>(`${home.base}?${home.query}`);
  return (
    <LoadState load={load} errorHeader="This link does not open an artist">
      {({ artist }) => (
        <Container
          header={
            <Header variant="h2" description={artist.company_name}>
              {artist.name}
            </Header>
          }
        >
          <TextContent>
            {artist.biog ? <p data-testid="portal-biog">{artist.biog}</p> : <Box>No biography yet.</Box>}
            {artist.urls.length ? (
              <ul>
                {artist.urls.map((u) => (
                  <li key={u.link}>
                    <Link href={u.link} external>
                      {u.text ?? u.link}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </TextContent>
        </Container>
      )}
    </LoadState>
  );
}

function Statements() {
  const home = useHome();
  return <TokenStatements base={home.base} query={home.query} />;
}

/** The link is checked once, by the profile call every view shares (one request: SWR shares it). */
function LinkGate({ children }: { children: ReactNode }) {
  const home = useHome();
  const load = useTokenApi<{ artist: PortalProfile }>(`${home.base}?${home.query}`);
  return (
    <DeadLinkGate load={load} opens="an artist’s portal">
      {children}
    </DeadLinkGate>
  );
}

/** The page around the token link's parts: no header or side menu, links between its views. */
function HomeLayout({ title, children }: { title: string; children: ReactNode }) {
  const home = useHome();
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            <SpaceBetween direction="horizontal" size="m">
              <Link href={home.page()}>Overview</Link>
              <Link href={home.page('/profile')}>Profile</Link>
              <Link href={home.page('/statements')}>Statements</Link>
            </SpaceBetween>
          }
        >
          {title}
        </Header>
      }
    >
      <div data-testid="artist-home">
        <LinkGate>{children}</LinkGate>
      </div>
    </ContentLayout>
  );
}

/** /artists/:id?token= (ArtistHome): the artist's profile and statements, for whoever holds the link. */
export function ArtistHomePage() {
  return (
    <HomeLayout title="Artist portal">
      <SpaceBetween size="l">
        <Profile />
        <Statements />
      </SpaceBetween>
    </HomeLayout>
  );
}

export function ArtistHomeProfilePage() {
  return (
    <HomeLayout title="Profile">
      <Profile />
    </HomeLayout>
  );
}

export function ArtistHomeStatementsPage() {
  return (
    <HomeLayout title="Statements">
      <Statements />
    </HomeLayout>
  );
}
