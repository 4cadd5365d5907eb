import { ulid } from 'ulid';
import { createLog, deleteLogsOf, logsOf } from '../data/access/logs.js';
import { isConditionFailed } from './errors.js';
import type { Route } from '../routes.js';
import { valueWords } from '../../shared/messages.js';

const ACTION_BY_METHOD: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

/**
 * Records a signed-in user's change (create, update, delete) with the operation and IP. A log
 * that cannot be written is reported, never allowed to fail the change it describes.
 */
export async function logChange(userId: string, route: Route, ip: string | undefined): Promise<void> {
  const action = ACTION_BY_METHOD[route.method];
  if (!action) return;
  await createLog({ userId, logId: ulid(), action, subject: route.op, ip_address: ip }).catch((error: unknown) =>
    console.error('activity log not written', error),
  );
}

/**
 * Records a sign-in once per authentication: the verified token's auth_time stays the same
 * across token refreshes, so the conditional create skips every later request of the session.
 */
const signInsLogged = new Set<string>();

export async function logSignIn(userId: string, authTime: unknown, ip: string | undefined): Promise<void> {
  if (typeof authTime !== 'number') return;
  // /me is loaded often in a session: a warm process skips the conditional write it knows is done.
  const key = `${userId}#${authTime}`;
  if (signInsLogged.has(key)) return;
  if (signInsLogged.size > 10_000) signInsLogged.clear();
  signInsLogged.add(key);
  await createLog({ userId, logId: `sign_in#${authTime}`, action: 'sign_in', ip_address: ip }).catch(
    (error: unknown) => {
      // Already logged for this authentication.
      if (!isConditionFailed(error)) console.error('sign-in log not written', error);
    },
  );
}

/** A change's operation as it is logged ("updateProfile"); other subjects are sentences written for people. */
const OPERATION_NAME = /^[a-z][a-zA-Z0-9]*$/;

/** What a log is about in the reader's words: "updateProfile" → "Update profile", "createDsp" → "Create DSP". */
const subjectWords = (subject: string) =>
  OPERATION_NAME.test(subject) ? valueWords(subject.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()) : subject;

export async function listLogs(userId: string) {
  const items = await logsOf(userId);
  const logs = items
    .map((l) => ({
      id: l.logId,
      user_id: l.userId,
      action: l.action,
      subject: subjectWords(l.subject ?? ''),
      ip_address: l.ip_address ?? '',
      created_at: l.createdAt ?? '',
    }))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { logs, total_count: logs.length };
}

/** GDPR: removes every log of a user. */
export async function deleteLogs(userId: string) {
  const deleted = await deleteLogsOf(userId);
  return { message: `${deleted} log${deleted === 1 ? '' : 's'} deleted`, deleted };
}
