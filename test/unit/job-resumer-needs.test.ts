import { describe, expect, it } from 'vitest';
import { HTTP_AREAS } from '../../infra/functions.js';
import { registeredKinds, resumerOf } from '../../functions/jobs/registry.js';

/**
 * The admins' Resume runs a job's resumer inside the jobs function, which in AWS reaches only the queues,
 * buckets, mail and pushes it declares. The local cloud gives every function everything, so a resumer that
 * queues to a queue the jobs function does not declare works in every local test and fails in AWS ("PROMO_SEND_QUEUE_URL
 * is not set"): the promo send's and the licensing reminders' resumers did, until this test.
 */
describe("the jobs function has what every job's resume uses", () => {
  const declared = HTTP_AREAS.jobs.needs ?? {};
  const resumers = registeredKinds().map(resumerOf);

  it.each(resumers.map((r) => [r.kind, r] as const))('%s', (_kind, resumer) => {
    for (const queue of resumer.needs.sendsTo ?? []) expect(declared.sendsTo ?? []).toContain(queue);
    if (resumer.needs.mail) expect(declared.mail).toBe(true);
    if (resumer.needs.push) expect(declared.push).toBe(true);
    for (const [bucket, access] of Object.entries(resumer.needs.buckets ?? {})) {
      const granted = declared.buckets?.[bucket as keyof typeof declared.buckets];
      // Write access includes reading.
      expect(granted === access || granted === 'readWrite', `${bucket}: ${access}, declared ${granted}`).toBe(true);
    }
  });

  it('declares nothing no resume uses', () => {
    const used = new Set(resumers.flatMap((r) => r.needs.sendsTo ?? []));
    expect([...(declared.sendsTo ?? [])].sort()).toEqual([...used].sort());
    expect(Boolean(declared.mail)).toBe(resumers.some((r) => r.needs.mail));
    expect(Boolean(declared.push)).toBe(resumers.some((r) => r.needs.push));
  });
});
