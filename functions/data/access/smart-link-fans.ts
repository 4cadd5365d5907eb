import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../../lib/clients.js';
import { isConditionFailed, writtenUnlessConditionFailed } from '../../lib/errors.js';
import type { SmartLinkFanItem } from '../entities/smart-link.js';
import { getDb } from '../service.js';

/** Every read and write of a smart link's "notify me" fans, by name. */
const db = () => getDb().entities;

/**
 * Counts one sign-up in the link's current minute unless the minute already holds `max`; false when it
 * does. One conditional ADD: sign-ups at the same moment cannot both slip under the limit.
 */
export async function takeSignupSlot(tenantId: string, linkId: string, minute: string, max: number) {
  const { TableName, Key } = db().SmartLinkSignupMinute.get({ tenantId, link_id: linkId, minute }).params() as {
    TableName: string;
    Key: Record<string, string>;
  };
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName,
        Key,
        UpdateExpression: 'ADD #n :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
        ExpressionAttributeNames: { '#n': 'n', '#ttl': 'expiresAt' },
        ExpressionAttributeValues: { ':one': 1, ':max': max, ':ttl': Math.floor(Date.now() / 1000) + 3600 },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Adds a fan once: false when the address already asked on this link (nothing changes). */
export async function addFan(
  tenantId: string,
  linkId: string,
  fan: Pick<SmartLinkFanItem, 'id' | 'email' | 'consent_at'>,
): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .SmartLinkFan.create({ tenantId, link_id: linkId, ...fan, status: 'waiting' })
      .go(),
  );
}

export async function listFans(tenantId: string, linkId: string): Promise<SmartLinkFanItem[]> {
  return (await db().SmartLinkFan.query.byLink({ tenantId, link_id: linkId }).go({ pages: 'all' })).data;
}

export async function getFan(tenantId: string, linkId: string, id: string): Promise<SmartLinkFanItem | null> {
  return (await db().SmartLinkFan.get({ tenantId, link_id: linkId, id }).go()).data;
}

/**
 * Moves a fan from one status to the next only if they are still in `from` (false otherwise): the claim
 * that lets one run of the job, and only one, mail them.
 */
export async function moveFan(
  tenantId: string,
  linkId: string,
  id: string,
  from: SmartLinkFanItem['status'][],
  set: Partial<Pick<SmartLinkFanItem, 'status' | 'token_hash' | 'mailed_at'>>,
): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .SmartLinkFan.patch({ tenantId, link_id: linkId, id })
      .set(set)
      .where(({ status }, { eq }) => `(${from.map((value) => eq(status, value)).join(' OR ')})`)
      .go(),
  );
}

/** Marks a link as having fans to mail on release day (once; a second mark changes nothing). */
export async function markNoticeDue(tenantId: string, linkId: string): Promise<void> {
  await db().FanNoticeDue.put({ tenantId, link_id: linkId }).go();
}

export async function listNoticesDue(): Promise<{ tenantId: string; link_id: string }[]> {
  return (await db().FanNoticeDue.query.due({}).go({ pages: 'all' })).data;
}

export async function clearNoticeDue(tenantId: string, linkId: string): Promise<void> {
  await db().FanNoticeDue.delete({ tenantId, link_id: linkId }).go();
}
