import { dealList, visibilityReference } from './deals.js';
import { PartyList } from './parties.js';
import type { ResourceFileOverrides } from './references.js';
import { releaseList, releaseProfile } from './releases.js';
import { resourceList } from './resources.js';
import { withStoreGenres } from './store-genres.js';
import type { ErnAction, ErnParty, ErnRelease, ErnStoreTerms } from './types.js';
import { languageTag } from './values.js';
import { el, textEl, writeXml } from './xml.js';

const ERN_NAMESPACE = 'http://ddex.net/xml/ern/43';
/** The Allowed Value Set version the vendored schema carries (allowed-value-sets.xsd AvsVersionId). */
const AVS_VERSION = '3';

export type BuildOptions = ResourceFileOverrides & {
  action: ErnAction;
  /** Unique per message (the delivery's id and attempt); also the thread id: one message per thread. */
  messageId: string;
  /** ISO date-time the message was made; a takedown ends the deals on its date. */
  createdAt: string;
  sender: ErnParty;
  recipient: ErnParty;
  /** A test message for the DSP's test feed. */
  test?: boolean;
  /** What the receiving store takes (pre-orders, instant gratification, timed release, its genres). */
  store?: ErnStoreTerms;
};

/**
 * The DDEX ERN 4.3 NewReleaseMessage for a release. Insert, update and
 * takedown are all full NewReleaseMessages — ERN 4 has no update indicator: a later message about
 * the same release replaces what was sent before, and a takedown is the same statement whose deals
 * end on the message's date (see deals.ts). Proprietary ids use the sender's DPID as namespace.
 */
export function buildNewReleaseMessage(input: ErnRelease, options: BuildOptions): string {
  const release = options.store ? withStoreGenres(input, options.store.genreMap) : input;
  const ctx = {
    parties: new PartyList(),
    namespace: options.sender.dpid,
    overrides: { fileNames: options.fileNames, hashes: options.hashes },
  };
  // Resources and releases first: they register the parties the PartyList then lists.
  const resources = resourceList(release, ctx);
  const visibility = visibilityReference(release, options.action, options.createdAt, options.store);
  const releases = releaseList(release, ctx, visibility);
  const header = el(
    'MessageHeader',
    null,
    el('MessageThreadId', null, options.messageId),
    el('MessageId', null, options.messageId),
    el(
      'MessageSender',
      null,
      el('PartyId', null, options.sender.dpid),
      el('PartyName', null, el('FullName', null, options.sender.name)),
    ),
    el(
      'MessageRecipient',
      null,
      el('PartyId', null, options.recipient.dpid),
      el('PartyName', null, el('FullName', null, options.recipient.name)),
    ),
    el('MessageCreatedDateTime', null, options.createdAt),
    textEl('MessageControlType', options.test ? 'TestMessage' : 'LiveMessage'),
  );
  return writeXml(
    el(
      'ern:NewReleaseMessage',
      {
        'xmlns:ern': ERN_NAMESPACE,
        ReleaseProfileVersionId: releaseProfile(release),
        LanguageAndScriptCode: languageTag(release.language) ?? 'en',
        AvsVersionId: AVS_VERSION,
      },
      header,
      ctx.parties.toXml(),
      resources,
      releases,
      dealList(release, options.action, options.createdAt, ctx.namespace, options.store),
    ),
  );
}
