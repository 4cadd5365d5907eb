import { ReleasePagesRow } from '../catalogue/release-pages-row';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatDate } from '../../../../shared/format';
import { api } from '../../app/api';
import { displayLabel } from '../../app/display-labels';
import { notify, notifyError } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { useOnFollow } from '../../app/use-on-follow';
import type { Promo } from './promo-types';
import { PageButton } from '../../components/page-button';
import { usePermits } from '../../app/use-may-open';

/** The promos of a release (`/user/releases/:releaseId/promos`): each with its state, and New promo. */
export function ReleasePromosPage() {
  const { releaseId = '' } = useParams();
  const onFollow = useOnFollow();
  const promos = useApi<{ promos: Promo[] }>(`/promos?release_id=${encodeURIComponent(releaseId)}`);
  const base = `/user/releases/${releaseId}/promos`;
  // Making a promo changes promos (POST /promos: promotion.write); a member who only reads them is not told to.
  const mayMake = usePermits('promotion.write');
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            <SpaceBetween size="xxxs">
              <ReleasePagesRow releaseId={releaseId} current="promos" />
              <span>Send the release to DJs, press and radio, each with their own link, and see who listened.</span>
            </SpaceBetween>
          }
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button href="/user/labels/promo_tools/mailing_lists" onFollow={onFollow}>
                Mailing lists
              </Button>
              <PageButton variant="primary" href={`${base}/new`} testId="new-promo">
                New promo
              </PageButton>
            </SpaceBetween>
          }
        >
          Promos
        </Header>
      }
    >
      <Table
        // A subject names the artists and the release: it wraps, so the analysis link beside it stays in view.
        wrapLines
        loading={promos.isLoading}
        items={promos.data?.promos ?? []}
        empty={
          <Box textAlign="center">
            {mayMake ? 'No promos yet: choose New promo to make one from this release' : 'No promos yet'}
          </Box>
        }
        columnDefinitions={[
          {
            id: 'subject',
            header: 'Subject',
            cell: (p) => (
              <Link href={`${base}/${p.id}`} onFollow={onFollow}>
                {p.subject}
              </Link>
            ),
          },
          { id: 'status', header: 'Status', cell: (p) => displayLabel(`promo_${p.status}`) },
          { id: 'access', header: 'Access', cell: (p) => displayLabel(`promo_access_${p.access}`) },
          { id: 'expiry', header: 'Expires', cell: (p) => formatDate(p.expiry_date) },
          {
            id: 'analysis',
            header: 'Analysis',
            cell: (p) =>
              p.status === 'draft' ? (
                '-'
              ) : (
                <Link href={`${base}/${p.id}/analysis`} onFollow={onFollow}>
                  Analysis
                </Link>
              ),
          },
        ]}
      />
    </ContentLayout>
  );
}

/** `/promos/new`: makes a promo prefilled from the release and opens it to edit. */
export function NewPromoPage() {
  const { releaseId = '' } = useParams();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api
      .post<{ promo: Promo; message: string }>('/promos', { release_id: releaseId })
      .then((made) => {
        notify('notification', made.message);
        navigate(`/user/releases/${releaseId}/promos/${made.promo.id}/edit`, { replace: true });
      })
      .catch((failure) => {
        notifyError(failure);
        navigate(`/user/releases/${releaseId}/promos`, { replace: true });
      });
  }, [navigate, releaseId]);
  return (
    <SpaceBetween size="m">
      <Header variant="h1">New promo</Header>
      <Box>Making the promo from the release…</Box>
    </SpaceBetween>
  );
}
