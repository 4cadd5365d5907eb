import type { Problem } from '../../shared/metadata-checker.js';
import { BadRequest, Forbidden, InvalidField } from '../lib/errors.js';
import type { Caller } from '../lib/auth-context.js';
import type { Row } from '../reference/reference-resource.js';
import { clearanceProblems } from '../licensing/index.js';
import { checkReleaseOf } from './release-check.js';
import { tellQualityControlDecision } from './qc-decision-notice.js';
import { moveReleaseStatus, releaseMove, type StatusActor } from './release-status.js';
import { recordOps } from './tenant-records.js';
// Only the catalogue handler runs these, so they may use its composition root.
import { tenantResource as resource } from './tenant-resources.js';

/**
 * Quality control of a release: a label sends its release when the metadata
 * checker passes; an admin approves or rejects it with reasons. Every move is recorded on the
 * release (`status_history`) by `moveReleaseStatus`.
 */

/** What a status change may carry: a rejection's reasons, a note on any other move. */
export type StatusRequest = { status: string; reasons?: string[]; note?: string };

const MESSAGES: Record<string, string> = {
  quality_control: 'Release sent to quality control',
  accepted: 'Release approved',
  rejected: 'Release rejected',
  drafted: 'Release moved back to drafted',
};

/** The checker's findings as field errors: release fields by name, a recording's under its id. */
function findingErrors(problems: readonly Problem[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const p of problems) {
    const key = p.scope === 'release' ? p.field : `recordings.${p.id}.${p.field}`;
    errors[key] = [...(errors[key] ?? []), p.scope === 'release' ? p.message : `${p.title}: ${p.message}`];
  }
  return errors;
}

const plural = (n: number) => (n === 1 ? '1 problem' : `${n} problems`);

/**
 * Moves one release of a company: the rules of `releaseMove` for the caller (admins act as
 * admins in any company, everyone else as the label), the checker before quality control,
 * reasons for a rejection; then the conditional write.
 */
export async function changeReleaseStatus(tenantId: string, releaseId: string, caller: Caller, input: StatusRequest) {
  const releases = recordOps(resource('releases'));
  const before = await releases.load(tenantId, releaseId);
  const from = String(before.status ?? 'drafted');
  const actor: StatusActor = caller.user.role === 'admin' ? 'admin' : 'label';
  const rule = releaseMove(from, input.status, actor);
  if ('refusal' in rule) {
    if (rule.refusal.kind === 'forbidden') throw new Forbidden(rule.refusal.message);
    throw new InvalidField('status', rule.refusal.message);
  }
  const reasons = (input.reasons ?? []).map((r) => r.trim()).filter(Boolean);
  if (rule.move.reasonsRequired && reasons.length === 0) {
    throw new InvalidField('reasons', 'Give at least one reason for rejecting the release');
  }
  const findings = await findingsFor(tenantId, releaseId, rule.move.checked === true, input.status === 'rejected');
  if (input.status === 'quality_control' || input.status === 'accepted') await refuseUncleared(tenantId, before);
  await moveReleaseStatus(tenantId, releaseId, {
    from,
    to: input.status,
    by_id: caller.user.userId,
    by_name: caller.user.name || caller.user.email,
    reasons,
    findings,
    note: input.note?.trim() || undefined,
  });
  if (input.status === 'accepted' || input.status === 'rejected')
    await tellQualityControlDecision({
      tenantId,
      releaseId,
      title: String(before.title ?? 'Untitled release'),
      to: input.status,
      reasons,
    });
  return { release: await releases.present(await releases.load(tenantId, releaseId)), message: MESSAGES[input.status] };
}

/**
 * The checker's findings: refused with each finding when the move needs a clean release; kept
 * with a rejection so the label sees what the admin saw.
 */
async function findingsFor(tenantId: string, releaseId: string, mustPass: boolean, keep: boolean) {
  if (!mustPass && !keep) return [];
  const { problems } = await checkReleaseOf(tenantId, releaseId);
  if (mustPass && problems.length > 0) {
    throw new BadRequest(
      `The release has ${plural(problems.length)} to fix before quality control`,
      findingErrors(problems),
    );
  }
  return problems.map((p) => (p.scope === 'release' ? p.message : `${p.title}: ${p.message}`));
}

/**
 * Someone else's master on the release must be cleared before it goes to review or is approved:
 * each incoming licence that is unsigned, or whose term or territory falls short, is named.
 */
async function refuseUncleared(tenantId: string, release: Row): Promise<void> {
  const tracks = (release.release_recordings as Row[] | undefined) ?? [];
  const problems = await clearanceProblems(tenantId, {
    id: String(release.id),
    release_date: typeof release.release_date === 'string' ? release.release_date : null,
    territories: Array.isArray(release.territories) ? release.territories.map(String) : null,
    recording_ids: tracks.map((t) => String(t.recording_id)),
  });
  if (problems.length === 0) return;
  const message =
    problems.length === 1
      ? `${problems[0]}: clear it before quality control`
      : `Clear these licences before quality control: ${problems.join('; ')}`;
  throw new BadRequest(message, { licenses: problems });
}

/** The company a release belongs to, for admin calls that name only the release. */
export async function releaseTenant(releaseId: string): Promise<string> {
  const row: Row = await recordOps(resource('releases')).loadAnyTenant(releaseId);
  return String(row.tenantId);
}
