import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PRICE_TIERS } from '../../../../shared/catalogue';
import { ApiError } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { type PickedRecord, pickerSource, RecordPicker } from '../../components/record-picker';
import { TerritoriesInput } from '../admin/reference/territories-input';
import { LoadState } from '../money/finances/period-views';
import { type LabelSettings, labelSettingsApi, useLabelSettings, useRefreshLabelSettings } from './label-settings-api';
import { usePermits } from '../../app/use-may-open';

const genres = pickerSource('genres');
const languages = pickerSource('languages');
const NO_TIER = { value: '', label: 'No default' };
const tiers = [NO_TIER, ...PRICE_TIERS.map((tier) => ({ value: tier, label: tier }))];

const picked = (id: string | null, name: string | null): PickedRecord | null => (id ? { id, name: name ?? id } : null);

function SettingsForm({ labelId, settings }: { labelId: string; settings: LabelSettings }) {
  const given = settings.release_defaults;
  const mayChange = usePermits('catalogue.write');
  const [genre, setGenre] = useState(picked(given.primary_genre_id, given.primary_genre_name));
  const [language, setLanguage] = useState(picked(given.metadata_language_id, given.metadata_language_name));
  const [cLine, setCLine] = useState(given.c_line);
  const [pLine, setPLine] = useState(given.p_line);
  const [tier, setTier] = useState(given.price_tier ?? '');
  const [territories, setTerritories] = useState(given.territories);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const refresh = useRefreshLabelSettings();
  const save = async () => {
    setSaving(true);
    try {
      const saved = await labelSettingsApi.save(labelId, {
        release_defaults: {
          primary_genre_id: genre?.id ?? '',
          metadata_language_id: language?.id ?? '',
          c_line: cLine,
          p_line: pLine,
          price_tier: tier,
          territories,
        },
      });
      setErrors({});
      void refresh();
      notify('notification', saved.message);
    } catch (error) {
      if (error instanceof ApiError && error.errors)
        setErrors(
          Object.fromEntries(
            Object.entries(error.errors).map(([f, t]) => [f.replace(/^release_defaults\./, ''), t[0]]),
          ),
        );
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form
      actions={
        // Saving is PATCH /labels/{id}/settings (catalogue.write): a member whose role only reads sees the defaults.
        mayChange ? (
          <Button variant="primary" loading={saving} onClick={() => void save()} data-testid="label-settings-save">
            Save settings
          </Button>
        ) : undefined
      }
    >
      <Container
        header={
          <Header variant="h2" description="A new release of this label starts with these where its form is left empty">
            New release defaults
          </Header>
        }
      >
        <ColumnLayout columns={2}>
          <FormField label="Primary genre" errorText={errors.primary_genre_id}>
            <RecordPicker
              source={genres}
              value={genre}
              onChange={setGenre}
              testId="label-default-genre"
              readOnly={!mayChange}
            />
          </FormField>
          <FormField label="Metadata language" errorText={errors.metadata_language_id}>
            <RecordPicker
              source={languages}
              value={language}
              onChange={setLanguage}
              testId="label-default-language"
              readOnly={!mayChange}
            />
          </FormField>
          <FormField label="© line" errorText={errors.c_line}>
            <Input
              value={cLine}
              onChange={({ detail }) => setCLine(detail.value)}
              data-testid="label-default-c-line"
              readOnly={!mayChange}
            />
          </FormField>
          <FormField label="℗ line" errorText={errors.p_line}>
            <Input
              value={pLine}
              onChange={({ detail }) => setPLine(detail.value)}
              data-testid="label-default-p-line"
              readOnly={!mayChange}
            />
          </FormField>
          <FormField
            label="Price tier"
            errorText={errors.price_tier}
            constraintText="A release made without products gets a Digital product at this tier"
          >
            <Select
              selectedOption={tiers.find((o) => o.value === tier) ?? NO_TIER}
              options={tiers}
              onChange={({ detail }) => setTier(detail.selectedOption.value ?? '')}
              data-testid="label-default-tier"
              readOnly={!mayChange}
            />
          </FormField>
          <FormField label="Territories" errorText={errors.territories}>
            <TerritoriesInput
              value={territories}
              onChange={setTerritories}
              testId="label-default-territories"
              readOnly={!mayChange}
            />
          </FormField>
        </ColumnLayout>
      </Container>
    </Form>
  );
}

/** `/user/labels/:labelId/settings`: what a new release of the label starts with. */
export function LabelSettingsPage() {
  const { labelId = '' } = useParams();
  const load = useLabelSettings(labelId);
  return (
    <ContentLayout
      header={<Header variant="h1">{load.data ? `${load.data.settings.name}: settings` : 'Settings'}</Header>}
    >
      <LoadState load={load} errorHeader="The label’s settings could not be loaded">
        {({ settings }) => <SettingsForm key={labelId} labelId={labelId} settings={settings} />}
      </LoadState>
    </ContentLayout>
  );
}
