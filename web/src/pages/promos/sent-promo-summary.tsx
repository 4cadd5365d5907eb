import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { formatDate } from '../../../../shared/format';
import { useApi } from '../../app/resources';
import type { Promo } from './promo-types';

/**
 * What a sent promo's recipients got, read-only once it is sent (it can no longer be edited): its title, artists,
 * release date, tracks, downloads and feedback rule, and the biog with its paragraphs, so the label sees what went
 * out without opening a recipient's link.
 */
export function SentPromoSummary({ promo }: { promo: Promo }) {
  const templates = useApi<{ templates: { id: string; name: string }[] }>(
    promo.template_id ? '/promo_templates' : null,
  );
  const templateName = promo.template_id
    ? (templates.data?.templates.find((t) => t.id === promo.template_id)?.name ?? '-')
    : 'Plain template';
  const tracks = (promo.recordings ?? []).filter((r) => r.chosen).map((r) => r.title);
  return (
    <Container header={<Header variant="h2">What was sent</Header>} data-testid="sent-promo-summary">
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'Title', value: promo.title },
            { label: 'Artists', value: promo.artists || '-' },
            { label: 'Release date', value: promo.release_date ? formatDate(promo.release_date) : '-' },
            { label: 'First sent', value: promo.sent_at ? formatDate(promo.sent_at) : '-' },
            {
              label: 'Downloads',
              value:
                promo.access === 'download'
                  ? `${promo.download_limit} per recipient${promo.feedback_required ? ', after their feedback' : ''}`
                  : 'None (stream only)',
            },
            { label: 'Mail template', value: templateName },
            { label: 'Tracks', value: tracks.length ? tracks.join(', ') : 'None' },
          ]}
        />
        <div>
          <Box variant="awsui-key-label">Biog</Box>
          <Box>
            <span style={{ whiteSpace: 'pre-line' }}>{promo.biog || '-'}</span>
          </Box>
        </div>
      </SpaceBetween>
    </Container>
  );
}
