import { CoverImage } from '../../components/cover-image.js';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { formatDate } from '../../../../shared/format';
import { api, errorMessage } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { RouterLink } from '../../components/router-link';
import { LoadState } from '../money/finances/period-views';
import { labelSettingsApi, useLabelSettings, useRefreshLabelSettings } from './label-settings-api';
import { shareUrl, useSmartLinks } from './smart-links-api';
import { usePermits } from '../../app/use-may-open';

type StoreRelease = {
  title: string;
  artists: string | null;
  release_date: string | null;
  cover_url: string | null;
  path: string;
};
type Store = { store: { name: string; biog: string | null; releases: StoreRelease[] } };

const publicStorePath = (labelId: string) => `/label_store/${encodeURIComponent(labelId)}`;
const SMART_LINKS_PAGE = '/user/labels/tools/marketing/smart_url';

/** `/user/labels/:labelId/store`: opens or closes the label's public store page and lists what it shows. */
export function LabelStorePage() {
  const { labelId = '' } = useParams();
  const settings = useLabelSettings(labelId);
  const links = useSmartLinks();
  const refresh = useRefreshLabelSettings();
  const [saving, setSaving] = useState(false);
  // Opening or closing the store page is PATCH /labels/{id}/settings (catalogue.write).
  const mayChange = usePermits('catalogue.write');
  const toggle = async (open: boolean) => {
    setSaving(true);
    try {
      const saved = await labelSettingsApi.save(labelId, { store: open });
      await refresh();
      notify('notification', saved.message);
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  const ours = (links.data?.smart_links ?? []).filter((l) => l.label_id === labelId && !l.recording_id);
  return (
    <ContentLayout header={<Header variant="h1">Store page</Header>}>
      <LoadState load={settings} errorHeader="The label could not be loaded">
        {({ settings: label }) => (
          <SpaceBetween size="l">
            <Container header={<Header variant="h2">{label.name}</Header>}>
              <SpaceBetween size="s">
                <Toggle
                  checked={label.store}
                  disabled={saving || !mayChange}
                  onChange={({ detail }) => void toggle(detail.checked)}
                  data-testid="label-store-open"
                >
                  Show the label’s releases on a public store page
                </Toggle>
                {label.store && (
                  <Link href={publicStorePath(labelId)} external>
                    {`${window.location.origin}${publicStorePath(labelId)}`}
                  </Link>
                )}
                <Box color="text-body-secondary">
                  The page lists the label’s releases that have a smart link (made on the{' '}
                  <RouterLink href={SMART_LINKS_PAGE}>smart links</RouterLink> page), newest first.
                </Box>
              </SpaceBetween>
            </Container>
            <Container
              header={
                <Header variant="h2" counter={`(${ours.length})`}>
                  On the page
                </Header>
              }
            >
              {ours.length === 0 ? (
                <Box color="text-status-inactive">No release of this label has a smart link yet</Box>
              ) : (
                <SpaceBetween size="xs">
                  {ours.map((link) => (
                    <Box key={link.id}>
                      {link.title} ·{' '}
                      <Link href={link.path} external>
                        {shareUrl(link)}
                      </Link>
                    </Box>
                  ))}
                </SpaceBetween>
              )}
            </Container>
          </SpaceBetween>
        )}
      </LoadState>
    </ContentLayout>
  );
}

/** The public store page `/label_store/:labelId`: the label's releases, each opening its smart link. */
export function PublicLabelStorePage() {
  const { labelId = '' } = useParams();
  const [store, setStore] = useState<Store['store'] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    api
      .get<Store>(`/label_stores/${encodeURIComponent(labelId)}`, { auth: false })
      .then((answer) => setStore(answer.store))
      .catch((failure) => setRefusal(errorMessage(failure)));
  }, [labelId]);
  if (refusal)
    return (
      <Alert type="error" header="This store page cannot be opened">
        {refusal}
      </Alert>
    );
  if (!store) return <Box>Opening the store…</Box>;
  return (
    <Cards<StoreRelease>
      header={
        <Header variant="h1" description={store.biog ?? undefined}>
          {store.name}
        </Header>
      }
      items={store.releases}
      trackBy="path"
      empty={<Box color="text-status-inactive">No releases yet</Box>}
      cardDefinition={{
        header: (release) => <Link href={release.path}>{release.title}</Link>,
        sections: [
          {
            id: 'cover',
            content: (release) =>
              release.cover_url ? <CoverImage src={release.cover_url} alt={`Cover of ${release.title}`} /> : null,
          },
          { id: 'artists', content: (release) => release.artists ?? '' },
          { id: 'date', content: (release) => (release.release_date ? `Out ${formatDate(release.release_date)}` : '') },
        ],
      }}
    />
  );
}
