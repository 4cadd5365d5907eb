import { ulid } from 'ulid';
import type { LabelView } from '../../shared/schemas/label.js';
import { getCompany } from '../data/access/companies.js';
import * as store from '../data/access/labels.js';
import { getUser } from '../data/access/users.js';
import type { LabelItem } from '../data/entities/label.js';
import { Conflict, HttpError, InvalidField } from '../lib/errors.js';
import { log } from '../lib/logger.js';
import { sendMail } from '../lib/mail.js';
import { findLabelAnyTenant, getLabel } from './labels.js';

/**
 * Label requests: a member asks for
 * a label; it is stored as a Label with `requested` set (and not active), listed to admins under
 * scope=requested, and approved (→ active) or rejected (deleted, the requester told by mail).
 * Until approved a requested label cannot carry releases.
 */

/** POST /label_requests (catalogue.write): the requested label; "Label Requested". */
export async function requestLabel(tenantId: string, userId: string, input: { name: string; notes?: string }) {
  const taken = (await store.labelsOf(tenantId)).some((l) => l.name.toLowerCase() === input.name.toLowerCase());
  if (taken) throw new InvalidField('name', 'The company already has a label with this name');
  const labelId = ulid();
  await store.createLabel({
    tenantId,
    labelId,
    name: input.name,
    active: false,
    requested: true,
    requested_by: userId,
    ...(input.notes ? { request_notes: input.notes } : {}),
  });
  return { label: await getLabel(tenantId, labelId), message: 'Label Requested' };
}

async function loadRequested(labelId: string): Promise<LabelItem> {
  const label = await findLabelAnyTenant(labelId);
  if (!label.requested)
    throw new Conflict('This label is not waiting for approval', {
      requested: ['This label is not waiting for approval'],
    });
  return label;
}

/** Tells the member who asked; a mail that cannot be sent never undoes the admin's answer. */
async function tellRequester(label: LabelItem, subject: string, text: string): Promise<void> {
  if (!label.requested_by) return;
  const [user, company] = await Promise.all([getUser(label.requested_by), getCompany(label.tenantId)]);
  if (!user) return;
  await sendMail({
    to: user.email,
    subject,
    text: `Hello ${user.name},\n\n${text.replace('{company}', company?.name ?? 'your company')}\n`,
  }).catch((error: unknown) =>
    log().warn('label request mail not sent', {
      labelId: label.labelId,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
}

/** POST /admin/labels/{id}/approve: the label becomes active; "Label Approved". */
export async function approveLabel(labelId: string): Promise<{ label: LabelView; message: string }> {
  const label = await loadRequested(labelId);
  await store.patchLabel(label.tenantId, labelId, { requested: false, active: true });
  await tellRequester(label, 'Your label was approved', `The label ${label.name} of {company} was approved.`);
  return { label: await getLabel(label.tenantId, labelId), message: 'Label Approved' };
}

/** POST /admin/labels/{id}/reject: the request is deleted and the requester told why; "Label Rejected". */
export async function rejectLabel(labelId: string, reason?: string): Promise<{ message: string }> {
  const label = await loadRequested(labelId);
  await store.deleteLabel(label.tenantId, labelId);
  const why = reason ? `\n\nReason: ${reason}` : '';
  await tellRequester(
    label,
    'Your label request was rejected',
    `The label ${label.name} requested for {company} was rejected.${why}`,
  );
  return { message: 'Label Rejected' };
}

/** Only an admin's approval clears `requested`: a member's label edit may not. */
export function refuseSelfApproval(stored: { requested?: boolean }, input: { requested?: boolean }): void {
  if (stored.requested && input.requested === false)
    throw new HttpError(403, 'Only a platform admin can approve a requested label', {
      requested: ['Only a platform admin can approve a requested label'],
    });
}

/** A release may not use a label that waits for approval (requested labels). */
export async function refuseRequestedLabel(tenantId: string, labelId: unknown): Promise<void> {
  if (typeof labelId !== 'string' || !labelId) return;
  const label = await store.getLabel(tenantId, labelId);
  if (label?.requested)
    throw new InvalidField('label_id', `Label ${label.name} is waiting for an admin's approval and cannot be used yet`);
}
