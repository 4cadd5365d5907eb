import { releaseReferences } from './releases.js';
import type { ErnAction, ErnRelease } from './types.js';
import { el, textEl, type XmlElement } from './xml.js';

/**
 * The DealList (ERN 4.3 deals): every message states all the release's deals ("statement of
 * truth": a later message replaces the earlier deals, so an update restates them all).
 * - Streaming: subscription and ad-supported on-demand and non-interactive streams.
 * - Download: pay-as-you-go permanent download with the price tier as PriceCode and the wholesale price.
 * - Pre-order: a download deal flagged IsPreOrderDeal from the pre-order date to the release date.
 * Territories: the listed ones less the excluded, else worldwide less the excluded, else Worldwide.
 * Takedown (ERN 4.3 part 1 §6.19.4, §6.19.7): a new NewReleaseMessage whose deals have an EndDate in
 * the past — the day before the message — so the release leaves every use and territory at once;
 * 4.3 has no takedown flag (that was ERN 3).
 */

type Territories = { include: string[] } | { exclude: string[] };

/** Where the release is sold, or null when no territory is left. */
function dealTerritories(release: ErnRelease): Territories | null {
  const excluded = new Set(release.excludedTerritories);
  if (release.territories.length) {
    const include = release.territories.filter((t) => !excluded.has(t));
    return include.length ? { include } : null;
  }
  return excluded.size ? { exclude: [...excluded] } : { include: ['Worldwide'] };
}

type Period = { start: string; end?: string };

function territoryElements(territories: Territories): XmlElement[] {
  return 'include' in territories
    ? territories.include.map((t) => el('TerritoryCode', null, t))
    : territories.exclude.map((t) => el('ExcludedTerritoryCode', null, t));
}

function validity(period: Period): XmlElement {
  return el('ValidityPeriod', null, el('StartDate', null, period.start), textEl('EndDate', period.end));
}

type DealKind = 'stream' | 'download' | 'preorder';

function deal(kind: DealKind, territories: Territories, period: Period, price: XmlElement | null): XmlElement {
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
    ),
  );
}

function priceInformation(release: ErnRelease, namespace: string): XmlElement | null {
  const { priceTier, wholesalePrice, currency } = release.deal;
  const wholesale = wholesalePrice && currency ? wholesalePrice : undefined;
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

/** The DealList, or null when the release is sold in no territory (no deal is no availability). */
export function dealList(release: ErnRelease, action: ErnAction, createdAt: string, namespace: string) {
  const territories = dealTerritories(release);
  if (!territories) return null;
  const today = createdAt.slice(0, 10);
  const start = release.deal.releaseDate || today;
  const price = priceInformation(release, namespace);
  const releaseDeals: XmlElement[] = [];
  const trackDeals: XmlElement[] = [];
  if (release.deal.streaming) {
    releaseDeals.push(deal('stream', territories, period(start, undefined, action, today), null));
    trackDeals.push(deal('stream', territories, period(start, undefined, action, today), null));
  }
  if (release.deal.download) {
    releaseDeals.push(deal('download', territories, period(start, undefined, action, today), price));
    trackDeals.push(deal('download', territories, period(start, undefined, action, today), null));
    const preOrder = release.deal.preOrderDate;
    if (preOrder && preOrder < start)
      releaseDeals.push(deal('preorder', territories, period(preOrder, start, action, today), price));
  }
  if (!releaseDeals.length) return null;
  const refs = releaseReferences(release);
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
  );
}
