import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PeriodPicker } from '../../components/period-picker';
import { pickerSource, RecordPicker } from '../../components/record-picker';
import { filterPeriod, ROYALTY_STATES, type RoyaltyFilter } from './royalty-model';

export type Facets = { retailers: string[]; artists: string[]; albums: string[] };

const labelPicker = pickerSource('labels');

/** A select over a facet's values; the chosen value stays listed even when the answer no longer has it. */
function FacetSelect({
  name,
  values,
  value,
  onChange,
}: {
  name: string;
  values: string[];
  value: string;
  onChange: (value: string) => void;
}) {
  const all = value && !values.includes(value) ? [value, ...values] : values;
  const any = { value: '', label: `Any ${name}` };
  return (
    <Select
      selectedOption={value ? { value, label: value } : any}
      options={[any, ...all.map((v) => ({ value: v, label: v }))]}
      onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
      filteringType="auto"
      ariaLabel={`Filter by ${name}`}
      data-testid={`royalties-filter-${name}`}
    />
  );
}

const STATE_LABELS: Record<string, string> = {
  '': 'Any state',
  paid: 'Paid',
  unpaid: 'Unpaid',
  artist_paid: 'Artist paid',
  artist_unpaid: 'Artist unpaid',
};

/** The royalty list's filters: label, retailer, artist, album, period and paid state. */
export function RoyaltyFilters({
  filter,
  facets,
  onChange,
}: {
  filter: RoyaltyFilter;
  facets: Facets;
  onChange: (next: RoyaltyFilter) => void;
}) {
  const set = <K extends keyof RoyaltyFilter>(key: K, value: RoyaltyFilter[K]) => onChange({ ...filter, [key]: value });
  const period = filterPeriod(filter);
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <div style={{ minWidth: 180 }}>
        <RecordPicker
          source={labelPicker}
          value={filter.label}
          onChange={(label) => set('label', label)}
          testId="royalties-filter-label"
          placeholder="Any label"
        />
      </div>
      <FacetSelect
        name="retailer"
        values={facets.retailers}
        value={filter.retailer}
        onChange={(v) => set('retailer', v)}
      />
      <FacetSelect name="artist" values={facets.artists} value={filter.artist} onChange={(v) => set('artist', v)} />
      <FacetSelect name="album" values={facets.albums} value={filter.album} onChange={(v) => set('album', v)} />
      <Select
        selectedOption={{ value: filter.state, label: STATE_LABELS[filter.state] }}
        options={['', ...ROYALTY_STATES].map((s) => ({ value: s, label: STATE_LABELS[s] }))}
        onChange={({ detail }) => set('state', (detail.selectedOption.value ?? '') as RoyaltyFilter['state'])}
        ariaLabel="Filter by paid state"
        data-testid="royalties-filter-state"
      />
      {/* "Any period" sends no dates; a range, the default included, is applied only once chosen. */}
      <PeriodPicker
        allowAny
        value={period}
        onChange={(p) => onChange({ ...filter, start_date: p?.start ?? '', end_date: p?.end ?? '' })}
        testId="royalties-filter-period"
      />
    </SpaceBetween>
  );
}
