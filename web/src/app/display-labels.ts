import {
  API_TOKEN_ACCESS,
  API_TOKEN_ACCESS_WORDS,
  API_TOKEN_AREA_WORDS,
  API_TOKEN_AREAS,
} from '../../../shared/api-token-scope';
import { CALENDAR_KIND_WORDS } from '../../../shared/calendar-kinds';
import { valueWords } from '../../../shared/messages';

/**
 * The one dictionary of words shown for stored values (release configs, statuses, roles, import kinds,
 * delivery actions, payout methods …). Screens never show an engine value such as "audio_release":
 * people read "Audio release". Values not listed are still made readable by `valueWords` (underscores become
 * spaces, first letter capitalised, acronyms in capitals: "dsp_rejected" → "DSP rejected") so a new value never
 * reaches the screen raw.
 */
const LABELS: Record<string, string> = {
  // Release and recording configs
  audio_release: 'Audio release',
  video_release: 'Video release',
  audio_and_video_release: 'Audio and video release',
  // Artist kinds
  individual: 'Individual',
  band: 'Band',
  // Roles
  user: 'User',
  label_manager: 'Label manager',
  // Delivery actions
  insert: 'New delivery',
  update: 'Update',
  takedown: 'Takedown',
  action_insert: 'New delivery',
  action_new: 'New delivery',
  action_update: 'Update',
  action_delete: 'Delete',
  re_delivered: 'Re-delivered',
  // Yes/no values some lists send as words
  true: 'Yes',
  false: 'No',
  Todo: 'To do',
  // Workflow statuses
  quality_control: 'Quality control',
  in_progress: 'In progress',
  not_started: 'Not started',
  // Promos (keys prefixed so other areas' values keep their words): member roles, access, recipients, support
  dj: 'DJ',
  promo_access_stream: 'Stream only',
  promo_access_download: 'Stream and download',
  promo_queued: 'Waiting to be sent',
  promo_sending: 'Sending',
  promo_mailed: 'Delivered',
  promo_failed: 'Not delivered',
  promo_draft: 'Draft',
  promo_sent: 'Sent',
  promo_unsubscribed: 'Unsubscribed',
  promo_bounced: 'Bounced',
  promo_complained: 'Complained',
  promo_support_yes: 'Will support',
  promo_support_maybe: 'Maybe',
  promo_support_no: 'Will not support',
  promo_block_cover: 'Cover',
  promo_block_text: 'Text',
  promo_block_player_button: 'Player button',
  promo_block_feedback_button: 'Feedback button',
  promo_block_footer: 'Footer',
  // Smart link clicks: the device, and a click without a referrer or a country
  smart_link_device_mobile: 'Phone',
  smart_link_device_tablet: 'Tablet',
  smart_link_device_desktop: 'Computer',
  smart_link_referrer_direct: 'Direct (no referring site)',
  smart_link_referrer_other: 'Other sites',
  smart_link_country_unknown: 'Country not known',
  // Who may call an API route (the API reference)
  api_public: 'Anyone, no sign-in',
  api_user: 'Any signed-in user',
  api_tenant: 'Members of the company',
  api_admin: 'Platform admins',
  api_artist_user: 'Artist users',
  // Label tools: the requests to the distributor's team, their states, and the calendar's kinds of date
  request_soundcloud_whitelist: 'SoundCloud whitelist',
  request_youtube_claim: 'YouTube claim',
  request_album_ep: 'Album/EP pitch',
  request_single: 'Single pitch',
  request_official_video: 'Official video pitch',
  request_new: 'New',
  request_in_progress: 'In progress',
  request_done: 'Done',
  request_refused: 'Refused',
  ...Object.fromEntries(Object.entries(CALENDAR_KIND_WORDS).map(([kind, words]) => [`calendar_${kind}`, words])),
  // A company's API tokens: the scope's access and areas, in the words the API's refusals use
  ...Object.fromEntries(
    API_TOKEN_ACCESS.map((access) => [`api_token_access_${access}`, API_TOKEN_ACCESS_WORDS[access]]),
  ),
  ...Object.fromEntries(API_TOKEN_AREAS.map((area) => [`api_token_area_${area}`, API_TOKEN_AREA_WORDS[area]])),
  // Payout methods
  bank_transfer: 'Bank transfer',
  paypal: 'PayPal',
};

/** The words shown for a stored value. */
export function displayLabel(value: string | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const known = LABELS[value];
  if (known !== undefined) return known;
  return valueWords(value);
}

/**
 * A choice's words in a form's select: stored values written as identifiers ("audio_release", "individual",
 * "main") in the words of the dictionary; a value already written for people, with a capital somewhere
 * ("Album", "iTunes", "Box Set"), as it is, so its capitals stay.
 */
export function optionWords(value: string): string {
  const writtenForPeople = value !== value.toLowerCase() && !value.includes('_');
  return writtenForPeople ? value : displayLabel(value);
}
