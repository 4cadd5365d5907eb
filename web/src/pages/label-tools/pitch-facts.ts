import { formatDate } from '../../../../shared/format';
import { displayLabel } from '../../app/display-labels';
import type { LabelRequest } from './requests-api';

/** The kinds of request that are marketing pitches: they open their details from the lists. */
const PITCH_KINDS: readonly LabelRequest['kind'][] = ['album_ep', 'single', 'official_video'];
export const isPitch = (request: Pick<LabelRequest, 'kind'>) => PITCH_KINDS.includes(request.kind);

export type PitchFact = { label: string; value: string; link?: boolean };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const list = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];

/**
 * Every field of a pitch as the label filled it in, in the form's words and order: names where the form chose a
 * record (the label, the release, the focus track: never their ids), days as "5th Feb 2027", lists joined. A field
 * the pitch does not have (a single with no focus track, an album with no instant-grat date) says so rather than
 * leaving a blank; fields that only some kinds of pitch have are shown only for those.
 */
export function pitchFacts(request: LabelRequest): PitchFact[] {
  const d = request.details;
  const video = request.kind === 'official_video';
  const facts: PitchFact[] = [
    { label: 'Pitch type', value: displayLabel(`request_${request.kind}`) },
    ...(request.company_name ? [{ label: 'Company', value: request.company_name }] : []),
    { label: 'Label', value: request.label_name },
    // Pitches keep the release's title as it was when sent; the one line of the lists names the release too.
    { label: 'Release', value: text(d.release_title) || request.summary },
    { label: video ? 'Premiere date' : 'Release date', value: formatDate(text(d.release_date)) },
  ];
  if (video) facts.push({ label: 'YouTube link of the video', value: text(d.video_url), link: true });
  else facts.push({ label: 'Focus track', value: text(d.focus_track) || 'No focus track' });
  if (request.kind === 'album_ep')
    facts.push({ label: 'Instant-grat date', value: formatDate(text(d.instant_grat_date)) || 'None' });
  facts.push(
    { label: 'Genres', value: list(d.genres).join(', ') },
    { label: 'Instruments', value: list(d.instruments).join(', ') || 'None chosen' },
    { label: 'Pitch', value: text(d.pitch) },
  );
  if (text(d.notes)) facts.push({ label: 'Notes', value: text(d.notes) });
  facts.push(
    { label: 'Sent', value: formatDate(request.createdAt.slice(0, 10)) },
    { label: 'State', value: displayLabel(`request_${request.status}`) },
  );
  if (request.reason) facts.push({ label: 'Reason refused', value: request.reason });
  return facts;
}
