import { releaseReferences } from './releases.js';
import { orderedTracks } from './references.js';
import type { ErnAction, ErnRelease, ErnStoreTerms } from './types.js';
import { isoDate, knownCountries, knownCurrency } from './values.js';
import { el, textEl, type XmlElement } from './xml.js';

/**
 * The DealList (ERN 4.3 deals): every message states all the release's deals ("statement of
 * truth": a later message replaces the earlier deals, so an update restates them all).
 * - Streaming: subscription and ad-supported on-demand and non-interactive streams.
 * - Download: pay-as-you-go permanent download with the price tier as PriceCode and the wholesale price.
 * - Pre-order: a download deal flagged IsPreOrderDeal from the pre-order date to the day before the release
 *   date (4.3's dates are inclusive), only for a store that takes pre-orders. Its
 *   InstantGratificationResourceList names the tracks sold at once (instant gratification, where the store
 *   offers it), and those tracks' own releases get a download deal from the pre-order date; the release is
 *   visible (ReleaseVisibility) from that date.
 * - Timed release: for a store that releases at a time of day, the deals from the release date start
 *   at the release's time (StartDateTime, UTC) instead of at midnight.
 * Territories: the listed ones less the excluded, else worldwide less the excluded, else Worldwide.
 * Takedown (ERN 4.3 part 1, clauses 6.19.4 and 6.19.7): a new NewReleaseMessage whose deals have an EndDate in
 * the past — the day before the message — so the release leaves every use and territory at once;
 * 4.3 has no takedown flag (that was ERN 3).
 */

type Territories = { include: string[] } | { exclude: string[] };

/** Where the release is sold, or null when no territory is left. */
function dealTerritories(release: ErnRelease): Territories | null {
  const excluded = new Set(knownCountries(release.excludedTerritories));
  // Listed territories the schema does not know are dropped; if none is left, the release is sold nowhere.
  if (release.territories.length) {
    const include = knownCountries(release.territories).filter((t) => !excluded.has(t));
    return include.length ? { include } : null;
  }
  return excluded.size ? { exclude: [...excluded] } : { include: ['Worldwide'] };
}

/** Dates YYYY-MM-DD; a time (HH:MM:SS, UTC) makes the period a date-time one. */
type Period = { start: string; end?: string; startTime?: string; endTime?: string };

function territoryElements(territories: Territories): XmlElement[] {
  return 'include' in territories
    ? territories.include.map((t) => el('TerritoryCode', null, t))
    : territories.exclude.map((t) => el('ExcludedTerritoryCode', null, t));
}

function validity(period: Period): XmlElement {
  if (!period.startTime && !period.endTime)
    return el('ValidityPeriod', null, el('StartDate', null, period.start), textEl('EndDate', period.end));
  // A period is all dates or all date-times (PeriodWithStartDate): the untimed end is midnight.
  const at = (date: string, time: string | undefined) => `${date}T${time ?? '00:00:00'}Z`;
  return el(
    'ValidityPeriod',
    null,
    el('StartDateTime', null, at(period.start, period.startTime)),
    period.end !== undefined && el('EndDateTime', null, at(period.end, period.endTime)),
  );
}

type DealKind = 'stream' | 'download' | 'preorder';

function deal(
  kind: DealKind,
  territories: Territories,
  period: Period,
  price: XmlElement | null,
  instantGratification: string[] = [],
): XmlElement {
  const models = kind === 'stream' ? ['SubscriptionModel', 'AdvertisementSupportedModel'] : ['PayAsYouGoModel'];
  const uses = kind === 'stream' ? ['OnDemandStream', 'NonInteractiveStream'] : ['PermanentDownload'];
  return el(
    'Deal',
    null,
    el(
      'DealTerms',
      null,
      territoryElements(territories),
      validity(period),
      models.map((m) => el('CommercialModelType', null, m)),
      uses.map((u) => el('UseType', null, u)),
      price,
      kind === 'preorder' && el('IsPreOrderDeal', null, 'true'),
      instantGratification.length > 0 &&
        el(
          'InstantGratificationResourceList',
          null,
          instantGratification.map((ref) => el('DealResourceReference', null, ref)),
        ),
    ),
  );
}

function priceInformation(release: ErnRelease, namespace: string): XmlElement | null {
  const { priceTier, wholesalePrice } = release.deal;
  const currency = knownCurrency(release.deal.currency);
  const wholesale = wholesalePrice && currency && /^\d+(\.\d+)?$/.test(wholesalePrice) ? wholesalePrice : undefined;
  if (!priceTier && !wholesale) return null;
  return el(
    'PriceInformation',
    null,
    textEl('PriceCode', priceTier, { Namespace: namespace }),
    textEl('WholesalePricePerUnit', wholesale, { CurrencyCode: currency }),
  );
}

/** The day before an ISO date (YYYY-MM-DD). */
function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** The period a deal runs: from its start; for a takedown, ended the day before the message at the latest. */
function period(start: string, end: string | undefined, action: ErnAction, today: string): Period {
  if (action !== 'takedown') return { start, end };
  const yesterday = dayBefore(today);
  const stop = end && end < yesterday ? end : yesterday;
  return { start: start < stop ? start : stop, end: stop };
}

/** The release's time of day as HH:MM:SS, when the store releases at a time and the release has one. */
function releaseTime(release: ErnRelease, action: ErnAction, store: ErnStoreTerms | undefined): string | undefined {
  const time = release.deal.releaseTime?.trim();
  if (action === 'takedown' || !store?.timedRelease || !isoDate(release.deal.releaseDate)) return undefined;
  return time && /^([01]\d|2[0-3]):[0-5]\d$/.test(time) ? `${time}:00` : undefined;
}

/**
 * When the release's pre-order opens and the release date it runs to, or null when the message
 * states no pre-order: no download, a store that takes none, no territory, or no date before release.
 */
function preOrderWindow(
  release: ErnRelease,
  createdAt: string,
  store: ErnStoreTerms | undefined,
): { opens: string; start: string } | null {
  if (!release.deal.download || (store && !store.preOrder) || !dealTerritories(release)) return null;
  const start = isoDate(release.deal.releaseDate) ?? createdAt.slice(0, 10);
  const opens = isoDate(release.deal.preOrderDate);
  return opens && opens < start ? { opens, start } : null;
}

/** The reference of the release's visibility (ReleaseVisibility), stated with a pre-order (not on a takedown). */
export function visibilityReference(
  release: ErnRelease,
  action: ErnAction,
  createdAt: string,
  store: ErnStoreTerms | undefined,
): string | null {
  return action !== 'takedown' && preOrderWindow(release, createdAt, store) ? 'V1' : null;
}

/** The instant-gratification tracks' resource (A…) and release (R…) references, where the store offers them. */
function instantTracks(release: ErnRelease, store: ErnStoreTerms | undefined) {
  if (store && !store.instantGratification) return { resources: [], releases: [] };
  const refs = releaseReferences(release);
  const picked = orderedTracks(release).flatMap((t, i) => (t.instantGratification ? [i] : []));
  return { resources: picked.map((i) => `A${i + 1}`), releases: picked.flatMap((i) => refs.tracks[i] ?? []) };
}

/** The DealList, or null when the release is sold in no territory (no deal is no availability). */
export function dealList(
  release: ErnRelease,
  action: ErnAction,
  createdAt: string,
  namespace: string,
  store?: ErnStoreTerms,
) {
  const territories = dealTerritories(release);
  if (!territories) return null;
  const today = createdAt.slice(0, 10);
  const start = isoDate(release.deal.releaseDate) ?? today;
  const time = releaseTime(release, action, store);
  const from = (): Period => ({ ...period(start, undefined, action, today), startTime: time });
  const price = priceInformation(release, namespace);
  const releaseDeals: XmlElement[] = [];
  const trackDeals: XmlElement[] = [];
  const instantDeals: XmlElement[] = [];
  if (release.deal.streaming) {
    releaseDeals.push(deal('stream', territories, from(), null));
    trackDeals.push(deal('stream', territories, from(), null));
  }
  if (release.deal.download) {
    releaseDeals.push(deal('download', territories, from(), price));
    trackDeals.push(deal('download', territories, from(), null));
  }
  const window = preOrderWindow(release, createdAt, store);
  const instant = instantTracks(release, store);
  if (window) {
    // ERN 4.3 dates are inclusive: a pre-order ending on the release date would overlap the release-date deals
    // for a day, so it ends the day before. A timed release's periods are date-times, so it ends at that time.
    const end = time ? window.start : dayBefore(window.start);
    const preOrder = { ...period(window.opens, end, action, today), endTime: time };
    releaseDeals.push(deal('preorder', territories, preOrder, price, instant.resources));
    // Instant-gratification tracks are sold alone from the day the pre-order opens.
    if (instant.releases.length) instantDeals.push(deal('download', territories, preOrder, null));
  }
  if (!releaseDeals.length) return null;
  const refs = releaseReferences(release);
  const visibility = visibilityReference(release, action, createdAt, store);
  return el(
    'DealList',
    null,
    el('ReleaseDeal', null, el('DealReleaseReference', null, refs.main), releaseDeals),
    refs.tracks.length > 0 &&
      el(
        'ReleaseDeal',
        null,
        refs.tracks.map((r) => el('DealReleaseReference', null, r)),
        trackDeals,
      ),
    instantDeals.length > 0 &&
      el(
        'ReleaseDeal',
        null,
        instant.releases.map((r) => el('DealReleaseReference', null, r)),
        instantDeals,
      ),
    window &&
      visibility &&
      el(
        'ReleaseVisibility',
        null,
        el('VisibilityReference', null, visibility),
        el('ReleaseDisplayStartDateTime', null, `${window.opens}T00:00:00Z`),
      ),
  );
}
