import { expect } from 'vitest';
import { ownCompany, type OwnCompany } from './own-company.js';

type Api = OwnCompany['api'];
type Named = { id: string; title: string };

/**
 * A company of the test file's own, set up for licensing: registered for VAT (GB), with payees,
 * three recordings (paid 100 % to the first payee when `recordingsPaidToFirstPayee`) and a release,
 * every name carrying `stamp` so lists and searches find only this file's. `create` makes a licence
 * (201), `signed` walks one from enquiry to signed, each on the company's manager unless told.
 */
export async function licensingCompany(
  name: string,
  options: { prefix: string; payees: string[]; recordingsPaidToFirstPayee?: boolean },
) {
  const stamp = Date.now();
  const own = await ownCompany(name);
  const { api } = own;
  const registered = await api.patch(`/companies/${own.companyId}`, {
    vat_registered: true,
    vat_number: 'GB123456789',
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const payees: { id: string; name: string }[] = [];
  for (const [i, payee] of options.payees.entries()) {
    const made = await api.post('/payees', { name: `${payee} ${stamp}`, email: `payee${i}.${stamp}@example.test` });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    payees.push(made.body.payee);
  }
  const recordings: Named[] = [];
  for (const n of [1, 2, 3]) {
    const made = await api.post('/recordings', {
      title: `${options.prefix} track ${n} ${stamp}`,
      ...(options.recordingsPaidToFirstPayee
        ? { recording_payees_attributes: [{ payee_id: payees[0]?.id, split: 100 }] }
        : {}),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    recordings.push(made.body.recording);
  }
  const releaseMade = await api.post('/releases', { title: `${options.prefix} EP ${stamp}` });
  expect(releaseMade.status, JSON.stringify(releaseMade.body)).toBe(201);
  const release: Named = releaseMade.body.release;

  async function create(body: Record<string, unknown>, on: Api = api) {
    const made = await on.post('/licenses', body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.license as Record<string, any>;
  }
  /** A licence walked from enquiry to signed. */
  async function signed(body: Record<string, unknown>, on: Api = api) {
    const license = await create(body, on);
    const moved = await on.post(`/licenses/${license.id}/status`, { status: 'signed' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    return moved.body.license as Record<string, any>;
  }
  return { own, api, stamp, payees, recordings, release, create, signed };
}
