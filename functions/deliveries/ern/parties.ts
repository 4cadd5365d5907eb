import { DDEX_CONTRIBUTOR_ROLES } from './contributor-roles.js';
import { el, textEl, type XmlElement } from './xml.js';

/**
 * The message's PartyList: every artist, contributor, rightsholder and the label once, each under
 * a local reference P1, P2 … (the schema's LocalPartyAnchorReference, "P" then letters or digits).
 */
export class PartyList {
  private readonly parties = new Map<string, { reference: string; name: string }>();

  /** The reference of the party with this catalogue key (kind and id), adding it on first use. */
  reference(key: string, name: string): string {
    const known = this.parties.get(key);
    if (known) return known.reference;
    const reference = `P${this.parties.size + 1}`;
    this.parties.set(key, { reference, name: name.trim() || 'Unknown' });
    return reference;
  }

  toXml(): XmlElement | null {
    if (this.parties.size === 0) return null;
    return el(
      'PartyList',
      null,
      [...this.parties.values()].map((p) =>
        el('Party', null, textEl('PartyReference', p.reference), el('PartyName', null, el('FullName', null, p.name))),
      ),
    );
  }
}

/** DisplayArtistRole for the catalogue's artist role: Main, Featuring … */
export function displayArtistRole(role: string): 'MainArtist' | 'FeaturedArtist' | 'Composer' | 'Artist' {
  if (role === 'Main') return 'MainArtist';
  if (role === 'Featuring') return 'FeaturedArtist';
  if (role === 'Composer') return 'Composer';
  return 'Artist';
}

/**
 * The DDEX ContributorRole for a catalogue credit ("Co-Producer" → CoProducer); a credit DDEX has no
 * value for is sent as UserDefined with the credit's own words.
 */
export function contributorRole(credit: string, namespace: string): XmlElement {
  const code = credit
    .split(/[\s-]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  if (DDEX_CONTRIBUTOR_ROLES.has(code)) return el('Role', null, code);
  return el('Role', { Namespace: namespace, UserDefinedValue: credit }, 'UserDefined');
}

/** ArtisticRole of an artist row whose role is neither main nor featured (Remixer, Conductor …). */
export function artisticRole(role: string, namespace: string): XmlElement | null {
  if (['Main', 'Featuring', 'Composer'].includes(role)) return null;
  const role_ = contributorRole(role, namespace);
  return { ...role_, name: 'ArtisticRole' };
}
