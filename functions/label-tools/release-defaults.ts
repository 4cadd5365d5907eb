import { ulid } from 'ulid';
import type { ReleaseDefaults } from '../../shared/schemas/smart-links.js';
import { defaultLinkNames, getLabel, patchLabel } from '../data/access/labels.js';
import type { LabelItem } from '../data/entities/label.js';
import { InvalidField, NotFound } from '../lib/errors.js';

/** What a label's settings keep: every default is optional; an empty one sets nothing on a new release. */
type StoredDefaults = {
  primary_genre_id?: string;
  metadata_language_id?: string;
  c_line?: string;
  p_line?: string;
  price_tier?: string;
  territories?: string[];
};

const defaultsOf = (label: LabelItem): StoredDefaults => (label.release_defaults as StoredDefaults | undefined) ?? {};

async function present(label: LabelItem) {
  const defaults = defaultsOf(label);
  const names = await defaultLinkNames({
    genreId: defaults.primary_genre_id,
    languageId: defaults.metadata_language_id,
  });
  return {
    label_id: label.labelId,
    name: label.name,
    store: label.store ?? false,
    release_defaults: {
      primary_genre_id: defaults.primary_genre_id ?? null,
      primary_genre_name: names.genre,
      metadata_language_id: defaults.metadata_language_id ?? null,
      metadata_language_name: names.language,
      c_line: defaults.c_line ?? '',
      p_line: defaults.p_line ?? '',
      price_tier: defaults.price_tier ?? null,
      territories: defaults.territories ?? [],
    },
  };
}

async function labelOf(tenantId: string, labelId: string) {
  const label = await getLabel(tenantId, labelId);
  if (!label) throw new NotFound('Label');
  return label;
}

export async function labelSettings(tenantId: string, labelId: string) {
  return { settings: await present(await labelOf(tenantId, labelId)) };
}

/** Saves a label's settings (the defaults as sent replace the earlier ones; absent, they stay). */
export async function updateLabelSettings(
  tenantId: string,
  labelId: string,
  input: { release_defaults?: ReleaseDefaults; store?: boolean },
) {
  const label = await labelOf(tenantId, labelId);
  const kept = input.release_defaults ? await checkedDefaults(input.release_defaults) : defaultsOf(label);
  await patchLabel(tenantId, labelId, {
    release_defaults: kept,
    ...(input.store === undefined ? {} : { store: input.store }),
  });
  return { settings: await present(await labelOf(tenantId, labelId)), message: 'Label settings saved' };
}

/** The defaults as kept (empty ones left out); a genre or language that does not exist is refused. */
async function checkedDefaults(given: ReleaseDefaults): Promise<StoredDefaults> {
  const kept: StoredDefaults = Object.fromEntries(
    Object.entries({
      primary_genre_id: given.primary_genre_id || undefined,
      metadata_language_id: given.metadata_language_id || undefined,
      c_line: given.c_line || undefined,
      p_line: given.p_line || undefined,
      price_tier: given.price_tier || undefined,
      territories: given.territories?.length ? [...new Set(given.territories)] : undefined,
    }).filter(([, value]) => value !== undefined),
  );
  const names = await defaultLinkNames({ genreId: kept.primary_genre_id, languageId: kept.metadata_language_id });
  if (kept.primary_genre_id && !names.genre)
    throw new InvalidField('release_defaults.primary_genre_id', 'Genre not found');
  if (kept.metadata_language_id && !names.language)
    throw new InvalidField('release_defaults.metadata_language_id', 'Language not found');
  return kept;
}

const blank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * What a new release of a label takes from the label's settings: each default fills only a field the
 * release was created without (what the form sent always wins), and a release made without products gets
 * its Digital product at the label's price tier and territories.
 */
export async function releaseDefaultsFor(
  tenantId: string,
  labelId: string,
  release: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const label = await getLabel(tenantId, labelId);
  if (!label) return {};
  const defaults = defaultsOf(label);
  const filled: Record<string, unknown> = {};
  for (const field of ['primary_genre_id', 'metadata_language_id', 'c_line', 'p_line', 'territories'] as const)
    if (!blank(defaults[field]) && blank(release[field])) filled[field] = defaults[field];
  if (defaults.price_tier && blank(release.products))
    filled.products = [
      {
        id: ulid(),
        format: 'Digital',
        type_of: 'Distributed',
        price_tier: defaults.price_tier,
        product_territories: defaults.territories ?? [],
      },
    ];
  return filled;
}
