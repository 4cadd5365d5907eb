import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../../lib/clients.js';
import { writtenUnlessConditionFailed } from '../../lib/errors.js';
import type { ReleaseItem } from '../entities/catalogue.js';
import type { SmartLinkItem } from '../entities/smart-link.js';
import { getDb } from '../service.js';

/** Every read and write of smart links and their click counters, by name. */
const db = () => getDb().entities;

type LinkFields = Omit<SmartLinkItem, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;

export async function listSmartLinks(tenantId: string): Promise<SmartLinkItem[]> {
  return (await db().SmartLink.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

export async function getSmartLink(tenantId: string, id: string): Promise<SmartLinkItem | null> {
  return (await db().SmartLink.get({ tenantId, id }).go()).data;
}

/** The link a public address names (any company: the slug is the only thing the visitor has). */
export async function findSmartLinkBySlug(slug: string): Promise<SmartLinkItem | null> {
  return (await db().SmartLink.query.bySlug({ slug }).go({ limit: 1 })).data[0] ?? null;
}

export async function createSmartLink(tenantId: string, id: string, fields: LinkFields): Promise<void> {
  await db()
    .SmartLink.create({ tenantId, id, ...fields })
    .go();
}

/** Changes a link of the company; false when it is not there. */
export async function patchSmartLink(
  tenantId: string,
  id: string,
  set: Partial<Pick<LinkFields, 'title' | 'stores' | 'auto_redirect'>>,
  remove: 'auto_redirect'[] = [],
): Promise<boolean> {
  return writtenUnlessConditionFailed(() => {
    const update = db().SmartLink.patch({ tenantId, id }).set(set);
    return (remove.length ? update.remove(remove) : update).go();
  });
}

export async function deleteSmartLink(tenantId: string, id: string): Promise<void> {
  await db().SmartLink.delete({ tenantId, id }).go();
}

/** A company's release (null for another company's id). */
export async function getLinkRelease(tenantId: string, releaseId: string): Promise<ReleaseItem | null> {
  return (await db().Release.get({ tenantId, id: releaseId }).go()).data;
}

/** A company's recording's title, artists and ISRC (null for another company's id). */
export async function getLinkRecording(tenantId: string, recordingId: string) {
  return (await db().Recording.get({ tenantId, id: recordingId }).go()).data;
}

/**
 * Adds clicks to a link's day item (created by its first click): every counter named goes up by its count
 * in ONE UpdateItem of ADDs. Never read-then-write, so writes at the same moment are all counted.
 */
export async function addClicks(
  tenantId: string,
  linkId: string,
  day: string,
  counts: ReadonlyMap<string, number>,
): Promise<void> {
  const { TableName, Key } = db().SmartLinkClickDay.get({ tenantId, link_id: linkId, day }).params() as {
    TableName: string;
    Key: Record<string, string>;
  };
  const entries = [...counts];
  await dynamoClient().send(
    new UpdateCommand({
      TableName,
      Key,
      UpdateExpression: `ADD ${entries.map((_, i) => `#c${i} :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#c${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, count], i) => [`:v${i}`, count])),
    }),
  );
}

/** Every day item of a link's clicks: the day and its counters (name → count). */
export async function clickDays(
  tenantId: string,
  linkId: string,
): Promise<{ day: string; counts: Record<string, number> }[]> {
  const { TableName, KeyConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } = db()
    .SmartLinkClickDay.query.byLink({ tenantId, link_id: linkId })
    .params() as Record<string, never>;
  const days: { day: string; counts: Record<string, number> }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new QueryCommand({
        TableName,
        KeyConditionExpression,
        ExpressionAttributeNames,
        ExpressionAttributeValues,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const counts: Record<string, number> = {};
      for (const [name, value] of Object.entries(item)) if (typeof value === 'number') counts[name] = value;
      days.push({ day: /day_([\d-]+)$/.exec(String(item.sk))?.[1] ?? '', counts });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return days;
}
