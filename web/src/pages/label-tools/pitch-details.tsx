import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import { pitchFacts } from './pitch-facts';
import type { LabelRequest } from './requests-api';

/**
 * A pitch as the label wrote it, opened from the lists (the label's pitches and requests, the distribution team's
 * queue): the lists show one line, the team works from every field.
 */
export function PitchDetails({ request, onClose }: { request: LabelRequest | null; onClose: () => void }) {
  return (
    <Modal
      visible={request !== null}
      onDismiss={onClose}
      size="large"
      header={request ? request.summary : ''}
      footer={
        <Box float="right">
          <Button onClick={onClose}>Close</Button>
        </Box>
      }
    >
      {request && (
        <div data-testid="pitch-details">
          <KeyValuePairs
            columns={2}
            items={pitchFacts(request).map((fact) => ({
              label: fact.label,
              value: fact.link ? (
                <Link href={fact.value} external>
                  {fact.value}
                </Link>
              ) : (
                // The pitch and the notes keep the lines the label wrote them in.
                <span style={{ whiteSpace: 'pre-wrap' }}>{fact.value}</span>
              ),
            }))}
          />
        </div>
      )}
    </Modal>
  );
}
