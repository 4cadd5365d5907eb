import SpaceBetween from '@cloudscape-design/components/space-between';
import TokenGroup from '@cloudscape-design/components/token-group';
import { pickerSource, RecordPicker } from '../../../components/record-picker';
import type { LinkValue } from './reference-types';

type Linked = NonNullable<LinkValue>;

/**
 * Several records of one collection (a recording's languages, an artist's linked artists): a
 * picker adds one at a time, tokens remove them. Picking one already chosen changes nothing.
 */
export function LinksInput({
  collection,
  value,
  onChange,
  testId,
  label,
}: {
  collection: string;
  value: LinkValue[];
  onChange: (value: LinkValue[]) => void;
  testId: string;
  label: string;
}) {
  const chosen = value.filter((v): v is Linked => v !== null);
  return (
    <SpaceBetween size="xs">
      <RecordPicker
        source={pickerSource(collection)}
        value={null}
        onChange={(picked) => {
          if (picked && !chosen.some((c) => c.id === picked.id))
            onChange([...chosen, { id: picked.id, name: picked.name }]);
        }}
        testId={testId}
        placeholder={`Add ${label.toLowerCase()}`}
      />
      <TokenGroup
        items={chosen.map((c) => ({ label: c.name, dismissLabel: `Remove ${c.name}` }))}
        onDismiss={({ detail }) => onChange(chosen.filter((_, index) => index !== detail.itemIndex))}
      />
    </SpaceBetween>
  );
}
