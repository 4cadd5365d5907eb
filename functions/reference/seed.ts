import countries from 'i18n-iso-countries';
// A static JSON import, so the Lambda bundle carries the English names.
import englishNames from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import langs from 'langs';
import { ulid } from 'ulid';
import { countryCodes, isSeeded, markSeeded, putSeedRecords } from '../data/access/reference.js';
import { guardsFor } from '../data/unique-guards.js';
import { REFERENCE_RESOURCES } from './collections.js';
import { INSTRUMENTAL } from '../../shared/schemas/reference.js';
import { SELF_PUBLISHED } from '../../shared/metadata-checker.js';
import { seedPlans } from '../plans/seeded-plans.js';

countries.registerLocale(englishNames);

/** Base genres of the digital stores, then common sub-genres (base_genre false). */
const BASE_GENRES = [
  'Alternative',
  'Blues',
  "Children's Music",
  'Classical',
  'Comedy',
  'Country',
  'Dance',
  'Electronic',
  'Folk',
  'Hip-Hop/Rap',
  'Holiday',
  'Jazz',
  'Latin',
  'Metal',
  'New Age',
  'Pop',
  'R&B/Soul',
  'Reggae',
  'Rock',
  'Singer/Songwriter',
  'Soundtrack',
  'Spoken Word',
  'World',
];
const SUB_GENRES = [
  'Afrobeats',
  'Ambient',
  'Americana',
  'Drum & Bass',
  'Dubstep',
  'Funk',
  'Gospel',
  'Grime',
  'House',
  'Indie Pop',
  'Indie Rock',
  'K-Pop',
  'Lo-Fi',
  'Punk',
  'Soul',
  'Techno',
  'Trance',
  'Trap',
];

/**
 * Performer roles as PPL repertoire forms describe them. PPL publishes its role codes only to
 * members, so no code is filled in here: admins add them from PPL's own list.
 */
const PERFORMER_ROLES = [
  'Lead Vocals',
  'Backing Vocals',
  'Featured Vocals',
  'Choir',
  'Lead Guitar',
  'Rhythm Guitar',
  'Acoustic Guitar',
  'Bass Guitar',
  'Double Bass',
  'Drums',
  'Percussion',
  'Keyboards',
  'Piano',
  'Organ',
  'Synthesizer',
  'Programming',
  'Violin',
  'Viola',
  'Cello',
  'Harp',
  'Saxophone',
  'Trumpet',
  'Trombone',
  'French Horn',
  'Flute',
  'Clarinet',
  'Harmonica',
  'Turntables',
  'Conductor',
  'Orchestra',
  'Session Musician',
];

/** The major stores and streaming services labels deliver to. */
const DSPS: [name: string, url: string][] = [
  ['Spotify', 'https://www.spotify.com'],
  ['Apple Music', 'https://www.apple.com/apple-music/'],
  ['iTunes', 'https://www.apple.com/itunes/'],
  ['Amazon Music', 'https://music.amazon.com'],
  ['YouTube Music', 'https://music.youtube.com'],
  ['YouTube Content ID', 'https://www.youtube.com'],
  ['Deezer', 'https://www.deezer.com'],
  ['TIDAL', 'https://tidal.com'],
  ['TikTok', 'https://www.tiktok.com'],
  ['Meta (Facebook & Instagram)', 'https://www.facebook.com'],
  ['SoundCloud', 'https://soundcloud.com'],
  ['Pandora', 'https://www.pandora.com'],
  ['Napster', 'https://www.napster.com'],
  ['Anghami', 'https://www.anghami.com'],
  ['Boomplay', 'https://www.boomplay.com'],
  ['JioSaavn', 'https://www.jiosaavn.com'],
  ['Tencent Music', 'https://www.tencentmusic.com'],
  ['NetEase Cloud Music', 'https://music.163.com'],
  ['Audiomack', 'https://audiomack.com'],
  ['Qobuz', 'https://www.qobuz.com'],
  ['Beatport', 'https://www.beatport.com'],
  ['Traxsource', 'https://www.traxsource.com'],
  ['Juno Download', 'https://www.junodownload.com'],
  ['7digital', 'https://www.7digital.com'],
  ['KKBOX', 'https://www.kkbox.com'],
  ['Yandex Music', 'https://music.yandex.com'],
  ['iHeartRadio', 'https://www.iheart.com'],
  ['Shazam', 'https://www.shazam.com'],
  ['Claro Música', 'https://www.claromusica.com'],
];

/** Well-known music distributors, by name. */
const DISTRIBUTORS: [name: string, country: string][] = [
  ['The Orchard', 'US'],
  ['Believe', 'FR'],
  ['FUGA', 'NL'],
  ['AWAL', 'GB'],
  ['[PIAS]', 'BE'],
  ['Absolute Label Services', 'GB'],
  ['Symphonic Distribution', 'US'],
  ['ONErpm', 'US'],
  ['DistroKid', 'US'],
  ['CD Baby', 'US'],
  ['TuneCore', 'US'],
  ['Ditto Music', 'GB'],
  ['Amuse', 'SE'],
  ['Label Worx', 'GB'],
  ['Proper Music Distribution', 'GB'],
  ['Redeye Worldwide', 'US'],
];

/**
 * Collecting societies by name and country. Their CISAC codes are not filled in: there is no
 * published list on this machine to copy them from, and a wrong code would misroute money.
 */
const SOCIETIES: [name: string, country: string][] = [
  ['PRS for Music', 'GB'],
  ['MCPS', 'GB'],
  ['PPL', 'GB'],
  ['ASCAP', 'US'],
  ['BMI', 'US'],
  ['SESAC', 'US'],
  ['SoundExchange', 'US'],
  ['SOCAN', 'CA'],
  ['GEMA', 'DE'],
  ['GVL', 'DE'],
  ['SACEM', 'FR'],
  ['SCPP', 'FR'],
  ['SIAE', 'IT'],
  ['SGAE', 'ES'],
  ['STIM', 'SE'],
  ['TONO', 'NO'],
  ['KODA', 'DK'],
  ['Teosto', 'FI'],
  ['Buma/Stemra', 'NL'],
  ['SABAM', 'BE'],
  ['IMRO', 'IE'],
  ['APRA AMCOS', 'AU'],
  ['JASRAC', 'JP'],
  ['SAMRO', 'ZA'],
];

/** Each collection's starting rows (a `country` alpha-2 becomes the country's id); a new collection gets seeded on the next start of an existing state. */
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
  dsps: () => DSPS.map(([name, url]) => ({ name, url, active: true })),
  distributors: () => DISTRIBUTORS.map(([name, country]) => ({ name, country, active: true })),
  societies: () => SOCIETIES.map(([name, country]) => ({ name, country })),
  // Shared (no company): the publisher self-publishing writers name, so any label passes the checker alone.
  publishers: () => [{ name: SELF_PUBLISHED, active: true }],
};

/** Replaces a seed row's `country` (alpha-2) with the seeded country's id. */
async function withCountryIds(rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  if (!rows.some((row) => 'country' in row)) return rows;
  const all = await countryCodes();
  const byAlpha2 = new Map(all.map((c) => [c.iso_alpha_two, c.id]));
  return rows.map(({ country, ...row }) => ({
    ...row,
    ...(byAlpha2.has(String(country)) ? { country_id: byAlpha2.get(String(country)) } : {}),
  }));
}

/**
 * Seeds each reference collection once (a marker item per collection makes it idempotent),
 * with the guard items of its unique fields, as the API would write them.
 */
export async function seedReferenceData(): Promise<void> {
  for (const resource of REFERENCE_RESOURCES) {
    const rows = SEEDS[resource.collection]?.();
    const marker = `reference:${resource.collection}`;
    if (!rows || (await isSeeded(marker))) continue;
    const records = (await withCountryIds(rows)).map((row) => ({ ...row, id: ulid() }));
    const guards = records.flatMap((record) =>
      guardsFor(resource.collection, resource.unique ?? [], record).map((g) => ({ ...g, ownerId: record.id })),
    );
    await putSeedRecords(resource.entity, records, guards);
    await markSeeded(marker);
  }
  // The subscription plans are reference data too: seeded on the same paths (local start, CDK trigger).
  await seedPlans();
}
