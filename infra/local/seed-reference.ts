import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import langs from 'langs';
import { ulid } from 'ulid';
import { getDb } from '../../functions/data/service.js';
import { guardsFor } from '../../functions/data/unique-guards.js';
import { REFERENCE_RESOURCES } from '../../functions/reference/collections.js';
import { INSTRUMENTAL } from '../../shared/schemas/reference.js';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

/** Base genres of the digital stores, then common sub-genres (base_genre false). */
const BASE_GENRES = [
  'Alternative', 'Blues', "Children's Music", 'Classical', 'Comedy', 'Country', 'Dance', 'Electronic', 'Folk',
  'Hip-Hop/Rap', 'Holiday', 'Jazz', 'Latin', 'Metal', 'New Age', 'Pop', 'R&B/Soul', 'Reggae', 'Rock',
  'Singer/Songwriter', 'Soundtrack', 'Spoken Word', 'World',
];
const SUB_GENRES = [
  'Afrobeats', 'Ambient', 'Americana', 'Drum & Bass', 'Dubstep', 'Funk', 'Gospel', 'Grime', 'House', 'Indie Pop',
  'Indie Rock', 'K-Pop', 'Lo-Fi', 'Punk', 'Soul', 'Techno', 'Trance', 'Trap',
];

/**
 * Performer roles as PPL repertoire forms describe them. PPL publishes its role codes only to
 * members, so no code is filled in here: admins add them from PPL's own list.
 */
const PERFORMER_ROLES = [
  'Lead Vocals', 'Backing Vocals', 'Featured Vocals', 'Choir', 'Lead Guitar', 'Rhythm Guitar', 'Acoustic Guitar',
  'Bass Guitar', 'Double Bass', 'Drums', 'Percussion', 'Keyboards', 'Piano', 'Organ', 'Synthesizer', 'Programming',
  'Violin', 'Viola', 'Cello', 'Harp', 'Saxophone', 'Trumpet', 'Trombone', 'French Horn', 'Flute', 'Clarinet',
  'Harmonica', 'Turntables', 'Conductor', 'Orchestra', 'Session Musician',
];

/** Each collection's starting rows; a new collection gets seeded on the next start of an existing state. */
const SEEDS: Record<string, () => Record<string, unknown>[]> = {
  countries: () =>
    Object.entries(countries.getNames('en', { select: 'official' })).map(([alpha2, name]) => ({
      name,
      iso_alpha_two: alpha2,
      iso_alpha_three: countries.alpha2ToAlpha3(alpha2) ?? '',
      iso_numeric: countries.alpha2ToNumeric(alpha2) ?? '',
    })),
  // ISO 639: the langs package has the 639-1, 639-2/T (terminology) and 639-2/B (bibliographic,
  // the English-derived code) codes with English and native names. It has neither language
  // families nor macrolanguages, so those are left for admins to fill rather than guessed.
  languages: () => [
    { name: INSTRUMENTAL, notes: 'No lyrics; never a release’s metadata language' },
    ...langs.all().map((language) => ({
      name: language.name,
      native_name: language.local,
      iso_alpha_two: language['1'],
      iso_alpha_three: language['2T'],
      english_iso_alpha_three: language['2B'],
    })),
  ],
  genres: () => [
    ...BASE_GENRES.map((name) => ({ name, active: true, base_genre: true })),
    ...SUB_GENRES.map((name) => ({ name, active: true, base_genre: false })),
  ],
  performer_roles: () => PERFORMER_ROLES.map((description) => ({ description, active: true })),
};

/**
 * Seeds each reference collection once (a marker item per collection makes it idempotent),
 * with the guard items of its unique fields, as the API would write them.
 */
export async function seedReferenceData(): Promise<void> {
  const db = getDb();
  for (const resource of REFERENCE_RESOURCES) {
    const rows = SEEDS[resource.collection]?.();
    const marker = { scope: 'seed', value: `reference:${resource.collection}` };
    if (!rows || (await db.entities.UniqueValue.get(marker).go()).data) continue;
    const records = rows.map((row) => ({ ...row, id: ulid() }));
    await (db.entities[resource.entity] as unknown as { put: (r: object[]) => { go: () => Promise<unknown> } }).put(records).go();
    const guards = records.flatMap((record) => guardsFor(resource.collection, resource.unique ?? [], record).map((g) => ({ scope: g.scope, value: g.value, ownerId: record.id })));
    if (guards.length) await db.entities.UniqueValue.put(guards).go();
    await db.entities.UniqueValue.create({ ...marker, ownerId: 'seed' }).go();
  }
}
