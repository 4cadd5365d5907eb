import { ulid } from 'ulid';
import type { LabelRequestItem, LabelRequestKind, LabelRequestStatus } from '../data/entities/label-requests.js';
import { getCompany } from '../data/access/companies.js';
import { getLabel } from '../data/access/labels.js';
import {
  calendarReleases,
  companyIsrcs,
  companyRequests,
  createLabelRequest,
  findRequest,
  moveRequest,
  queuedRequests,
  readLeadWeeks,
  releaseTracks,
  saveLeadWeeks,
} from '../data/access/label-requests.js';
import { Conflict, InvalidField, NotFound } from '../lib/errors.js';
import { tellCompanyMembers } from '../notices/tell-company.js';
import type { PitchForm, SoundcloudWhitelistForm, YoutubeClaimForm } from '../../shared/schemas/label-requests.js';
import { addDays, addWorkingDays, todayUtc } from './dates.js';
import { formatDate } from '../../shared/format.js';

/** Pitches are due this many weeks before release unless the distributor set another lead time. */
const DEFAULT_LEAD_WEEKS = 4;
/** SoundCloud whitelisting is asked this many working days ahead. */
const WHITELIST_WORKING_DAYS = 2;

const KIND_WORDS: Record<LabelRequestKind, string> = {
  soundcloud_whitelist: 'SoundCloud whitelist request',
  youtube_claim: 'YouTube claim request',
  album_ep: 'album/EP pitch',
  single: 'single pitch',
  official_video: 'official video pitch',
};
const STATUS_WORDS: Record<LabelRequestStatus, string> = {
  new: 'new',
  in_progress: 'in progress',
  done: 'done',
  refused: 'refused',
};

/** Where a request may go next: forward only, and done or refused is the end. */
const NEXT: Record<LabelRequestStatus, LabelRequestStatus[]> = {
  new: ['in_progress', 'done', 'refused'],
  in_progress: ['done', 'refused'],
  done: [],
  refused: [],
};

type Sender = { tenantId: string; userId: string };

async function companyLabel(tenantId: string, labelId: string) {
  const label = await getLabel(tenantId, labelId);
  if (!label) throw new InvalidField('form.label_id', 'Choose one of your labels');
  return label;
}

/** Every ISRC named must be one of the company's recordings: nobody claims or whitelists another's songs. */
async function checkOwnIsrcs(tenantId: string, isrcs: readonly string[]) {
  if (!isrcs.length) return;
  const own = new Set((await companyIsrcs(tenantId)).map((code) => code.replace(/[\s-]/g, '').toUpperCase()));
  const foreign = isrcs.find((code) => !own.has(code));
  if (foreign) throw new InvalidField('form.isrcs', `ISRC ${foreign} is not in your catalogue`);
}

async function enqueue(
  sender: Sender,
  kind: LabelRequestKind,
  label: { labelId: string; name: string },
  summary: string,
  details: Record<string, unknown>,
) {
  const company = await getCompany(sender.tenantId);
  const request = {
    tenantId: sender.tenantId,
    id: ulid(),
    kind,
    status: 'new' as const,
    label_id: label.labelId,
    label_name: label.name,
    summary: summary.slice(0, 300),
    details,
    sent_by: sender.userId,
    ...(company?.name ? { company_name: company.name } : {}),
  };
  await createLabelRequest(request);
  return request;
}

export async function sendSoundcloudWhitelist(sender: Sender, form: SoundcloudWhitelistForm) {
  const label = await companyLabel(sender.tenantId, form.label_id);
  const earliest = addWorkingDays(todayUtc(), WHITELIST_WORKING_DAYS);
  if (form.whitelist_date < earliest)
    throw new InvalidField(
      'form.whitelist_date',
      `SoundCloud whitelisting is asked ${WHITELIST_WORKING_DAYS} working days ahead: choose ${formatDate(earliest)} or later`,
    );
  await checkOwnIsrcs(sender.tenantId, form.isrcs ?? []);
  const count = form.soundcloud_urls.length;
  const what = `${form.type_of_form === 'own_accounts' ? 'own account' : 'third-party upload'}${count === 1 ? '' : 's'}`;
  return enqueue(sender, 'soundcloud_whitelist', label, `${count} ${what} by ${formatDate(form.whitelist_date)}`, form);
}

export async function sendYoutubeClaim(sender: Sender, form: YoutubeClaimForm) {
  const label = await companyLabel(sender.tenantId, form.label_id);
  await checkOwnIsrcs(sender.tenantId, form.isrcs);
  const count = form.video_urls.length;
  const what =
    form.type_of_form === 'allowlist'
      ? `${count} ${count === 1 ? 'channel' : 'channels'} to allowlist`
      : `${count} ${count === 1 ? 'video' : 'videos'} to release`;
  return enqueue(sender, 'youtube_claim', label, what, {
    ...form,
    label_name: label.name,
  });
}

/** The lead time the distributor set for pitches, in weeks. */
export const leadWeeks = async () => (await readLeadWeeks()) ?? DEFAULT_LEAD_WEEKS;
export const setLeadWeeks = saveLeadWeeks;

/** A pitch: for one of the company's releases of the label, no later than the lead time before release. */
export async function sendPitch(
  sender: Sender,
  kind: 'album_ep' | 'single' | 'official_video',
  form: PitchForm & { video_url?: string },
) {
  const label = await companyLabel(sender.tenantId, form.label_id);
  const release = (await calendarReleases(sender.tenantId)).find((r) => r.id === form.release_id);
  if (!release) throw new InvalidField('form.release_id', 'Choose one of your releases');
  const weeks = await leadWeeks();
  const earliest = addDays(todayUtc(), weeks * 7);
  if (form.release_date < earliest)
    throw new InvalidField(
      'form.release_date',
      `Pitches are due ${weeks} weeks before release: the release date must be ${formatDate(earliest)} or later`,
    );
  const focus = form.focus_track_id ? await focusTrack(sender.tenantId, release.id, form.focus_track_id) : {};
  const title = release.display_artists ? `${release.display_artists} – ${release.title}` : release.title;
  // The one line the lists show: the day written as every page writes one ("5th Feb 2027").
  return enqueue(sender, kind, label, `${title} (${formatDate(form.release_date)})`, {
    ...form,
    ...focus,
    release_title: release.title,
  });
}

/** A track as a person names it: its title, and its version in brackets when it has one. */
const trackName = (track: { title: string; version: string | null }) =>
  track.version ? `${track.title} (${track.version})` : track.title;

/**
 * The focus track must be one of the release's recordings. Its name is kept beside its id, as pitches sent before the
 * choice was a list kept the typed name alone (`focus_track`): every pitch reads the same way.
 */
async function focusTrack(tenantId: string, releaseId: string, recordingId: string) {
  const track = (await releaseTracks(tenantId, releaseId))?.find((t) => t.id === recordingId);
  if (!track) throw new InvalidField('form.focus_track_id', 'The focus track must be one of the release’s tracks');
  return { focus_track_id: track.id, focus_track: trackName(track) };
}

/** The tracks of one of the company's releases, for a pitch's focus-track choice. */
export async function pitchTracks(tenantId: string, releaseId: string) {
  const tracks = await releaseTracks(tenantId, releaseId);
  if (!tracks) throw new NotFound('Release');
  return tracks.map((track) => ({ ...track, name: trackName(track) }));
}

const byNewest = (a: LabelRequestItem, b: LabelRequestItem) => (a.id < b.id ? 1 : -1);

/** The company's requests, newest first. */
export async function requestsOf(tenantId: string) {
  return (await companyRequests(tenantId)).sort(byNewest);
}

/** The distribution team's queue, newest first, optionally one state. */
export async function queue(status?: LabelRequestStatus) {
  return (await queuedRequests()).filter((r) => !status || r.status === status).sort(byNewest);
}

/**
 * The team moves a request on (forward only) and the company's members who see marketing are told; the move is
 * written on the condition the request is still where it was read, so it is told once.
 */
export async function moveOn(id: string, to: LabelRequestStatus, reason: string | undefined) {
  const request = await findRequest(id);
  if (!request) throw new NotFound('Request');
  if (!NEXT[request.status].includes(to))
    throw new InvalidField(
      'status',
      `A ${STATUS_WORDS[request.status]} request cannot be moved to ${STATUS_WORDS[to]}`,
    );
  if (!(await moveRequest(request, to, to === 'refused' ? reason : undefined)))
    throw new Conflict('The record was changed by someone else; reload and try again');
  const what = `${KIND_WORDS[request.kind]} for ${request.label_name}`;
  const subject = `Your ${what} is ${STATUS_WORDS[to]}`;
  await tellCompanyMembers({
    tenantId: request.tenantId,
    permission: 'promotion.read',
    subject,
    text: `${subject}: ${request.summary}.${to === 'refused' && reason ? ` Reason: ${reason}` : ''}`,
    about: { requestId: request.id },
  });
  return { ...request, status: to, ...(to === 'refused' && reason ? { reason } : {}) };
}
