import { describe, expect, it } from 'vitest';
import { artistAccounts, type ScopedArtist } from '../../functions/artist-portal/scope.js';

/** The accounts an artist's money goes to, as the statements engine splits it (docs/artist-portal.md). */
const scoped = (members: { payee_id?: string; active?: boolean }[]) =>
  ({
    companyId: 'C1',
    artistId: 'A1',
    artist: { tenantId: 'C1', id: 'A1', name: 'A', artist_members: members },
  }) as unknown as ScopedArtist;

describe('artistAccounts', () => {
  it("is the artist's own account and its active members' payees, each once", () => {
    const accounts = artistAccounts(
      scoped([
        { payee_id: 'P1', active: true },
        { payee_id: 'P2' },
        { payee_id: 'P1', active: true },
        { payee_id: 'P3', active: false },
        { active: true },
      ]),
    );
    expect(accounts).toEqual([
      { type: 'Artist', id: 'A1' },
      { type: 'Payee', id: 'P1' },
      { type: 'Payee', id: 'P2' },
    ]);
  });

  it('is the artist alone when it has no members', () => {
    expect(artistAccounts(scoped([]))).toEqual([{ type: 'Artist', id: 'A1' }]);
  });
});
