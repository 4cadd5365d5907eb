import { type IDENTIFIER_SERVICES, SPOTIFY_ARTIST_PREFIX } from '../../../shared/catalogue.js';
import { ARTIST_IDENTIFIER_COLUMNS, MODEL_ATTRIBUTES } from '../../../shared/catalogue-exchange/model-attributes.js';
import { artistInput } from '../../../shared/schemas/catalogue.js';
import { given, sameName, text } from './cells.js';
import { catalogueRecords } from './catalogue-records.js';
import { recordImporter } from './record-importer.js';

type Service = (typeof IDENTIFIER_SERVICES)[number];
/** Each identifier column is named after its service (the column's label is the service's name). */
const IDENTIFIER_COLUMNS = ARTIST_IDENTIFIER_COLUMNS.map((c) => ({ column: c.name, service: c.label as Service }));
/** Identifiers that make two artists the same person, whatever their names. */
const IDENTIFYING: Partial<Record<Service, string>> = { ISNI: 'isni', Spotify: 'spotify' };

/** A bare Spotify id is taken as the artist's URI, as the form prefills it. */
function identifierValue(service: Service, value: string): string {
  return service === 'Spotify' && /^[A-Za-z0-9]+$/.test(value) ? `${SPOTIFY_ARTIST_PREFIX}${value}` : value;
}
const compact = (value: unknown) =>
  String(value ?? '')
    .replace(/\s+/g, '')
    .toUpperCase();

type IdentifierRow = { service?: string; identifier?: string };

/** An artist's name and identifying identifiers, from the input or a stored artist. */
function identities(record: Readonly<Record<string, unknown>>): string[] {
  const rows = (record.artist_identifiers_attributes ?? record.artist_identifiers ?? []) as IdentifierRow[];
  const ids = rows.flatMap((r) => {
    const kind = IDENTIFYING[r.service as Service];
    return kind && r.identifier ? [`${kind}:${compact(r.identifier)}`] : [];
  });
  return [`name:${sameName(record.name)}`, ...ids];
}

/** Artists: name, email, config, biography and one column per identifier service. */
export const artistsImporter = recordImporter({
  model: 'artists',
  title: 'Artist',
  attributes: MODEL_ATTRIBUTES.artists,
  schema: artistInput,
  lookups: async () => undefined,
  toInput: (row) => {
    const origins: Record<string, string> = {};
    const rows: IdentifierRow[] = [];
    for (const { column, service } of IDENTIFIER_COLUMNS) {
      const value = text(row[column]);
      if (value === undefined) continue;
      origins[`artist_identifiers_attributes.${rows.length}.identifier`] = column;
      origins[`artist_identifiers_attributes.${rows.length}.service`] = column;
      rows.push({ service, identifier: identifierValue(service, value) });
    }
    const input = given({
      name: text(row.name) ?? '',
      email: text(row.email),
      config: text(row.config)?.toLowerCase(),
      biog: text(row.biog),
      artist_identifiers_attributes: rows.length ? rows : undefined,
    });
    return { input, origins };
  },
  identities,
  ...catalogueRecords('artists'),
});
