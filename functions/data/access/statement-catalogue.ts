import { isHeld } from '../../royalties/import/held.js';
import { getDb } from '../service.js';
import { engineContract } from './contracts.js';

/**
 * What the statements engine reads of the catalogue and the imports, once per computation:
 * who is owed what on each recording and release (recording_payees, artist_recordings,
 * artist_releases), the artists' members and the accounts' names and e-mails, and each import's
 * source, file and payment date for the statement's provenance, and whether it is held. Reads only.
 */
export async function statementCatalogue(tenantId: string) {
  const db = getDb().entities;
  const all = { pages: 'all' } as const;
  const [recordings, releases, artists, payees, labels, imports, sources, contracts] = await Promise.all([
    db.Recording.query.byTenant({ tenantId }).go({
      ...all,
      attributes: ['id', 'title', 'isrc', 'display_artists', 'artist_recordings', 'recording_payees'],
    }),
    db.Release.query
      .byTenant({ tenantId })
      .go({ ...all, attributes: ['id', 'title', 'upc', 'label_id', 'display_artists', 'artist_releases', 'products'] }),
    db.Artist.query.byTenant({ tenantId }).go({ ...all, attributes: ['id', 'name', 'email', 'artist_members'] }),
    db.Payee.query.byTenant({ tenantId }).go({ ...all, attributes: ['id', 'name', 'email'] }),
    db.Label.query.byTenant({ tenantId }).go({ ...all, attributes: ['labelId', 'name', 'email'] }),
    db.RoyaltyImport.query.byTenant({ tenantId }).go({
      ...all,
      attributes: ['id', 'source_id', 'filename', 'payment_date', 'flagged', 'accepted_at', 'problems'],
    }),
    db.RoyaltySource.query.byTenant({ tenantId }).go({ ...all, attributes: ['id', 'name'] }),
    db.Contract.query.byTenant({ tenantId }).go(all),
  ]);
  const sourceNames = new Map(sources.data.map((s) => [s.id, s.name]));
  return {
    recordings: recordings.data,
    releases: releases.data,
    artists: artists.data,
    payees: payees.data,
    labels: labels.data.map((l) => ({ id: l.labelId, name: l.name, email: l.email })),
    imports: imports.data.map((i) => ({
      id: i.id,
      source: (i.source_id && sourceNames.get(i.source_id)) || null,
      filename: i.filename ?? null,
      payment_date: i.payment_date ?? null,
      held: isHeld(i),
      problems: i.problems ?? [],
    })),
    // A draft binds nobody: only signed (and terminated, for the periods they ran) contracts decide lines.
    contracts: contracts.data.filter((c) => c.status !== 'draft').map(engineContract),
  };
}
