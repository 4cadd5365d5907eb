import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { type PickedRecord, pickerSource, RecordPicker } from '../../components/record-picker';
import { LoadState } from '../money/finances/period-views';
import { SmartLinkDetail } from './smart-link-detail';
import { type SmartLink, shareUrl, smartLinksApi, useRefreshSmartLinks, useSmartLinks } from './smart-links-api';
import { Permitted } from '../../components/permitted';
import { usePermits } from '../../app/use-may-open';
import { WebAddress } from '../../components/web-address';

const releases = pickerSource('releases');
const recordings = pickerSource('recordings');

/** A new link: a release, and optionally one of its recordings (the link then finds the track by its ISRC). */
function NewSmartLink({ onMade }: { onMade: (id: string) => void }) {
  const refresh = useRefreshSmartLinks();
  const [release, setRelease] = useState<PickedRecord | null>(null);
  const [recording, setRecording] = useState<PickedRecord | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const create = async () => {
    setSaving(true);
    try {
      const made = await smartLinksApi.create({
        release_id: release?.id ?? '',
        ...(recording ? { recording_id: recording.id } : {}),
      });
      setErrors({});
      setRelease(null);
      setRecording(null);
      await refresh();
      notify('notification', made.message);
      onMade(made.smart_link.id);
    } catch (error) {
      if (error instanceof ApiError && error.errors)
        setErrors(
          Object.fromEntries(Object.entries(error.errors).map(([f, t]) => [f.replace(/^smart_link\./, ''), t[0]])),
        );
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Container header={<Header variant="h2">New smart link</Header>}>
      <ColumnLayout columns={3}>
        <FormField
          label="Release"
          errorText={errors.release_id}
          constraintText="Its UPC finds it on each store it is delivered to"
        >
          <RecordPicker source={releases} value={release} onChange={setRelease} testId="smart-link-release" />
        </FormField>
        <FormField
          label="One recording only (optional)"
          errorText={errors.recording_id}
          constraintText="Its ISRC finds the track"
        >
          <RecordPicker source={recordings} value={recording} onChange={setRecording} testId="smart-link-recording" />
        </FormField>
        <FormField label="&nbsp;">
          <Button variant="primary" loading={saving} onClick={() => void create()} data-testid="smart-link-create">
            Create smart link
          </Button>
        </FormField>
      </ColumnLayout>
    </Container>
  );
}

/** `/user/labels/tools/marketing/smart_url`: the company's smart links; the chosen one opens below (`?link=`). */
export function SmartLinksPage() {
  const load = useSmartLinks();
  const [query, setQuery] = useSearchParams();
  const chosen = query.get('link');
  // Only a member who may make links (catalogue.write) is told how to.
  const mayMake = usePermits('catalogue.write');
  const choose = (id: string | null) =>
    setQuery((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('link', id);
      else next.delete('link');
      return next;
    });
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="One address per release for every store, with its clicks counted">
          Smart links
        </Header>
      }
    >
      <SpaceBetween size="l">
        {/* Making a link is POST /smart_links (catalogue.write): a member whose role only reads sees the links. */}
        <Permitted permission="catalogue.write">
          <NewSmartLink onMade={choose} />
        </Permitted>
        <LoadState load={load} errorHeader="The smart links could not be loaded">
          {(answer) => (
            <Table<SmartLink>
              data-testid="smart-links"
              variant="container"
              header={<Header counter={`(${answer.total_count})`}>Links</Header>}
              items={answer.smart_links}
              trackBy="id"
              selectionType="single"
              selectedItems={answer.smart_links.filter((link) => link.id === chosen)}
              onSelectionChange={({ detail }) => choose(detail.selectedItems[0]?.id ?? null)}
              // Long titles and addresses wrap (an address after its slashes): the table fits a 1,000 px window.
              wrapLines
              empty={
                <Box color="text-status-inactive" data-testid="smart-links-empty">
                  {mayMake ? 'No smart links yet: choose a release above and Create smart link' : 'No smart links yet'}
                </Box>
              }
              columnDefinitions={[
                {
                  id: 'title',
                  header: 'Title',
                  isRowHeader: true,
                  // The title opens the link's page below, as choosing its row does (the radio alone was easy to miss).
                  cell: (link) => (
                    <Link
                      href={`?link=${encodeURIComponent(link.id)}`}
                      onFollow={(event) => {
                        event.preventDefault();
                        choose(link.id);
                      }}
                    >
                      {link.title}
                    </Link>
                  ),
                },
                { id: 'artists', header: 'Artists', cell: (link) => link.artists ?? '' },
                {
                  id: 'address',
                  header: 'Address',
                  cell: (link) => (
                    <Link href={link.path} external>
                      <WebAddress url={shareUrl(link)} />
                    </Link>
                  ),
                },
                { id: 'stores', header: 'Stores', cell: (link) => link.stores.length },
              ]}
            />
          )}
        </LoadState>
        {chosen && <SmartLinkDetail id={chosen} onDeleted={() => choose(null)} />}
      </SpaceBetween>
    </ContentLayout>
  );
}
