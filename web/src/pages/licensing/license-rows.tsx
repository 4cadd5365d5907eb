import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Big from 'big.js';
import { pickerSource, RecordPicker } from '../../components/record-picker';
import { formatPercent } from '../../../../shared/format';

/** `key` tells rows apart while they are added and removed (React's key), never sent. */
export type AssetDraft = {
  key: string;
  asset_type: 'recording' | 'release';
  asset_id: string;
  name: string;
  split: string;
};
export type ContactDraft = { key: string; name: string; email: string; phone: string };

let drafted = 0;
/** A new row's key. */
export const rowKey = () => {
  drafted += 1;
  return `row-${drafted}`;
};

const ASSET_TYPES = [
  { value: 'recording', label: 'Recording' },
  { value: 'release', label: 'Release' },
];

/** The sum of the splits as typed, for the line under the rows; blank or unreadable splits count as 0. */
function splitSum(rows: readonly AssetDraft[]): string {
  return rows
    .reduce((sum, row) => {
      try {
        return sum.plus(row.split.trim() || '0');
      } catch {
        return sum;
      }
    }, new Big(0))
    .toString();
}

/** The recordings and releases a licence covers, each with its split of the fee. */
export function AssetRows({
  rows,
  onChange,
  errorText,
}: {
  rows: AssetDraft[];
  onChange: (rows: AssetDraft[]) => void;
  errorText?: string;
}) {
  const change = (index: number, patch: Partial<AssetDraft>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={`The fee is split over the assets; the splits add up to ${formatPercent(100)}`}
        >
          Assets
        </Header>
      }
    >
      {/* With no rows, a sum of 0% tells nothing: the form says what to do instead (signing needs an asset). */}
      <FormField
        errorText={errorText}
        constraintText={rows.length ? `Splits add up to ${formatPercent(splitSum(rows))}` : undefined}
        stretch
      >
        <SpaceBetween size="s">
          {rows.length ? null : (
            <Box color="text-body-secondary" data-testid="license-assets-empty">
              No assets yet: choose Add an asset to name the recordings or releases the licence covers (it is signed
              only once it names them)
            </Box>
          )}
          {rows.map((row, index) => (
            <SpaceBetween key={row.key} direction="horizontal" size="xs">
              <Select
                selectedOption={ASSET_TYPES.find((o) => o.value === row.asset_type) ?? null}
                options={ASSET_TYPES}
                onChange={({ detail }) =>
                  change(index, {
                    asset_type: detail.selectedOption.value as AssetDraft['asset_type'],
                    asset_id: '',
                    name: '',
                  })
                }
              />
              <RecordPicker
                source={pickerSource(row.asset_type === 'recording' ? 'recordings' : 'releases')}
                value={row.asset_id ? { id: row.asset_id, name: row.name } : null}
                onChange={(picked) => change(index, { asset_id: picked?.id ?? '', name: picked?.name ?? '' })}
                testId={`license-asset-${index}`}
              />
              <Input
                data-testid={`license-asset-split-${index}`}
                value={row.split}
                onChange={({ detail }) => change(index, { split: detail.value })}
                placeholder="Split %"
              />
              <Button onClick={() => onChange(rows.filter((_, i) => i !== index))}>Remove</Button>
            </SpaceBetween>
          ))}
          <Button
            data-testid="license-add-asset"
            onClick={() =>
              onChange([
                ...rows,
                {
                  key: rowKey(),
                  asset_type: 'recording',
                  asset_id: '',
                  name: '',
                  split: rows.length === 0 ? '100' : '',
                },
              ])
            }
          >
            Add an asset
          </Button>
        </SpaceBetween>
      </FormField>
    </Container>
  );
}

/** The people at the licensee to talk to. */
export function ContactRows({
  rows,
  onChange,
  errorText,
}: {
  rows: ContactDraft[];
  onChange: (rows: ContactDraft[]) => void;
  errorText?: string;
}) {
  const change = (index: number, patch: Partial<ContactDraft>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Container header={<Header variant="h2">Contacts</Header>}>
      <FormField errorText={errorText} stretch>
        <SpaceBetween size="s">
          {rows.length ? null : (
            <Box color="text-body-secondary" data-testid="license-contacts-empty">
              No contacts yet: choose Add a contact to add one
            </Box>
          )}
          {rows.map((row, index) => (
            <SpaceBetween key={row.key} direction="horizontal" size="xs">
              <Input
                placeholder="Name"
                value={row.name}
                onChange={({ detail }) => change(index, { name: detail.value })}
              />
              <Input
                placeholder="E-mail"
                value={row.email}
                onChange={({ detail }) => change(index, { email: detail.value })}
              />
              <Input
                placeholder="Phone"
                value={row.phone}
                onChange={({ detail }) => change(index, { phone: detail.value })}
              />
              <Button onClick={() => onChange(rows.filter((_, i) => i !== index))}>Remove</Button>
            </SpaceBetween>
          ))}
          <Button onClick={() => onChange([...rows, { key: rowKey(), name: '', email: '', phone: '' }])}>
            Add a contact
          </Button>
        </SpaceBetween>
      </FormField>
    </Container>
  );
}
