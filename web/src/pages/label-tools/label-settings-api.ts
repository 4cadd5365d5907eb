import { api } from '../../app/api';
import { useInvalidate } from '../../app/invalidate';
import { useApi } from '../../app/resources';

/** A label's settings as the API answers them (functions/label-tools/release-defaults.ts). */
export type LabelSettings = {
  label_id: string;
  name: string;
  store: boolean;
  release_defaults: {
    primary_genre_id: string | null;
    primary_genre_name: string | null;
    metadata_language_id: string | null;
    metadata_language_name: string | null;
    c_line: string;
    p_line: string;
    price_tier: string | null;
    territories: string[];
  };
};
type Saved = { settings: LabelSettings; message: string };
type DefaultsInput = {
  primary_genre_id: string;
  metadata_language_id: string;
  c_line: string;
  p_line: string;
  price_tier: string;
  territories: string[];
};

const settingsPath = (labelId: string) => `/labels/${encodeURIComponent(labelId)}/settings`;

export const useLabelSettings = (labelId: string) => useApi<{ settings: LabelSettings }>(settingsPath(labelId));

export const labelSettingsApi = {
  save: (labelId: string, body: { release_defaults?: DefaultsInput; store?: boolean }) =>
    api.patch<Saved>(settingsPath(labelId), body),
};

/** Reloads the label's settings (and the label) after a save. */
export const useRefreshLabelSettings = () => useInvalidate('/labels/');
