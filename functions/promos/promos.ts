import { ulid } from 'ulid';
import type { z } from 'zod';
import type { promoCreateInput, promoUpdateInput } from '../../shared/schemas/promos.js';
import type { PromoItem } from '../data/entities/promo.js';
import type { RecordingAudio } from '../data/entities/catalogue.js';
import * as data from '../data/access/promos.js';
import { Conflict, InvalidField, NotFound } from '../lib/errors.js';
import { checkTemplateChoice } from './templates.js';

/**
 * Promos made from a company's release: a new one is prefilled from the release (title, artists,
 * recordings, release date; the cover art is the release's), starts today and expires in 30 days,
 * streams only, and can be edited until it is first sent.
 */
const DEFAULT_DAYS = 30;
const DEFAULT_DOWNLOAD_LIMIT = 3;
const day = (date: Date) => date.toISOString().slice(0, 10);

async function loadRelease(tenantId: string, releaseId: string) {
  const found = await data.promoRelease(tenantId, releaseId);
  if (!found) throw new NotFound('Release');
  return found;
}

export async function loadPromo(tenantId: string, id: string): Promise<PromoItem> {
  const promo = await data.getPromo(tenantId, id);
  if (!promo) throw new NotFound('Promo');
  return promo;
}

/**
 * A recording a recipient can play: its audio is processed and its preview made (the public page plays nothing
 * else). One without, sent, reaches people as a title with no player: the page warns before sending it.
 */
const playable = (audio: RecordingAudio | undefined) => audio?.status === 'ready' && Boolean(audio.preview_key);

/** The promo as the SPA shows it: its fields, and its recordings' titles from the release and whether each plays. */
async function present(tenantId: string, promo: PromoItem) {
  const { recordings } = await loadRelease(tenantId, promo.release_id);
  const { tenantId: _t, ...fields } = promo;
  const chosen = new Set(promo.recording_ids);
  return {
    ...fields,
    recordings: recordings.map((r) => ({
      id: r.id,
      title: r.title,
      isrc: r.isrc ?? null,
      chosen: chosen.has(r.id),
      has_audio: playable(r.audio as RecordingAudio | undefined),
    })),
  };
}

function checkDates(fields: { start_date?: string; expiry_date?: string }) {
  if (fields.start_date && fields.expiry_date && fields.expiry_date < fields.start_date)
    throw new InvalidField('expiry_date', 'Expiry date must be on or after the start date');
}

function checkRecordings(ids: readonly string[], onRelease: ReadonlySet<string>) {
  const stranger = ids.find((id) => !onRelease.has(id));
  if (stranger) throw new InvalidField('recording_ids', 'Recordings must be on the release');
}

export async function listPromos(tenantId: string, releaseId?: string) {
  const promos = await data.listPromos(tenantId, releaseId);
  promos.sort((a, b) => b.id.localeCompare(a.id));
  return {
    promos: promos.map(({ tenantId: _t, ...promo }) => promo),
    total_count: promos.length,
    total_pages: 1,
  };
}

export const getPromo = async (tenantId: string, id: string) => ({
  promo: await present(tenantId, await loadPromo(tenantId, id)),
});

export async function createPromo(tenantId: string, input: z.output<typeof promoCreateInput>) {
  const { release, recordings } = await loadRelease(tenantId, input.release_id);
  const today = new Date();
  const fields = {
    release_id: release.id,
    title: input.title ?? release.title,
    artists: input.artists ?? release.display_artists ?? '',
    subject:
      input.subject ?? `New promo: ${release.display_artists ? `${release.display_artists} – ` : ''}${release.title}`,
    biog: input.biog ?? '',
    ...((input.release_date ?? release.release_date)
      ? { release_date: input.release_date ?? release.release_date }
      : {}),
    start_date: input.start_date ?? day(today),
    expiry_date: input.expiry_date ?? day(new Date(today.getTime() + DEFAULT_DAYS * 86_400_000)),
    access: input.access ?? 'stream',
    download_limit: input.download_limit ?? DEFAULT_DOWNLOAD_LIMIT,
    feedback_required: input.feedback_required ?? true,
    recording_ids: input.recording_ids ?? recordings.map((r) => r.id),
    ...(input.template_id ? { template_id: input.template_id } : {}),
    status: 'draft' as const,
  };
  checkDates(fields);
  await checkTemplateChoice(tenantId, input.template_id ?? undefined);
  checkRecordings(fields.recording_ids, new Set(recordings.map((r) => r.id)));
  const id = ulid();
  await data.createPromo(tenantId, id, fields);
  return { promo: await present(tenantId, await loadPromo(tenantId, id)), message: 'Promo Added' };
}

/** A draft promo deleted (one made by mistake, or never to be sent); a sent or scheduled one stays. */
export async function deletePromo(tenantId: string, id: string) {
  const promo = await loadPromo(tenantId, id);
  if (promo.status === 'draft' && (promo.schedule === 'scheduled' || promo.schedule === 'starting'))
    throw new Conflict('This promo is scheduled to be sent: cancel the scheduled send before deleting it');
  if (promo.status !== 'draft' || !(await data.deleteDraftPromo(tenantId, id)))
    throw new Conflict('A promo cannot be deleted once it has been sent');
  return { message: 'Promo deleted' };
}

export async function updatePromo(tenantId: string, id: string, input: z.output<typeof promoUpdateInput>) {
  const promo = await loadPromo(tenantId, id);
  if (promo.status !== 'draft') throw new Conflict('A promo cannot be edited once it has been sent');
  checkDates({ ...promo, ...input });
  await checkTemplateChoice(tenantId, input.template_id ?? undefined);
  if (input.recording_ids) {
    const { recordings } = await loadRelease(tenantId, promo.release_id);
    checkRecordings(input.recording_ids, new Set(recordings.map((r) => r.id)));
  }
  const { template_id, ...fields } = input;
  const set = template_id ? { ...fields, template_id } : fields;
  if (!(await data.patchDraftPromo(tenantId, id, set, template_id === null ? ['template_id'] : [])))
    throw new Conflict('A promo cannot be edited once it has been sent');
  return { promo: await present(tenantId, await loadPromo(tenantId, id)), message: 'Promo Updated' };
}
