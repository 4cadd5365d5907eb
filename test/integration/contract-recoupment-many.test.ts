import { ulid } from 'ulid';
import { beforeAll, expect, it } from 'vitest';
import { handRunOf } from '../support/published-statements.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { statementStepModules } from '../support/statement-step-modules.js';

/**
 * A payee under more recouping contracts than one DynamoDB transaction can write (100 items): the
 * statement still recoups each contract once. The contracts beyond the statement's own transaction
 * are claimed first and settled after it; a re-delivered step settles nothing twice.
 */
const CONTRACTS = 150;
const stamp = Date.now();
let company: OwnCompany;

const modules = statementStepModules;

beforeAll(async () => {
  company = await ownCompany('Many recouping contracts');
}, 120_000);

/**
 * A payee under CONTRACTS recouping contracts with a run over them, its account step ready to deliver; `left`: a
 * contract beyond the statement's own transaction is held by a statement that was never written, claimed
 * (as its dead delivery left it) long before the worker's longest run.
 */
async function payeeUnderContracts(name: string, left = false) {
  const { step, deps, objects, keys, db } = await modules();
  const { api, companyId } = company;
  const payeeId = (
    await api.post('/payees', { name: `${name} ${stamp}`, email: `${name.toLowerCase()}.${stamp}@example.test` })
  ).body.payee.id as string;
  // Written straight to the table: making 150 contracts through the API would write 150 documents.
  const ids = Array.from({ length: CONTRACTS }, () => ulid());
  const terms = {
    deal_type: 'royalty',
    terms: [{ conditions: {}, rate: '50', base: 'net_receipts' }],
    advance: '3.00',
  };
  const payees = [{ payee_id: payeeId, share: '100' }];
  for (let start = 0; start < ids.length; start += 25)
    await Promise.all(
      ids.slice(start, start + 25).map((id, i) =>
        db()
          .entities.Contract.create({
            tenantId: companyId,
            id,
            contractable_type: 'artist',
            contractable_id: `artist-${start + i}`,
            subject: `artist#artist-${start + i}`,
            type: 'artist_release_contract',
            status: 'signed',
            contractor_id: companyId,
            contractor_legal_name: 'Many Records Ltd',
            contractee_type: 'payee',
            contractee_id: payeeId,
            contractee_legal_name: `Many Artist ${start + i}`,
            start_date: '2031-01-01',
            contract_payees: payees,
            royalty_terms: terms,
            version: 1,
            versions: [{ version: 1, effective_date: '2031-01-01', royalty_terms: terms, contract_payees: payees }],
          })
          .go(),
      ),
    );
  const run = await handRunOf(
    companyId,
    company.manager.id,
    [{ type: 'Payee', id: payeeId, name: `${name} ${stamp}` }],
    ['2031-10', '2031-10'],
    '300.000000',
  );
  // £2.00 earned under each (as the publish step would record it): each recoups £2.00 of its £3.00 advance.
  const key = keys.runKeys.account(companyId, run.runId, { type: 'Payee', id: payeeId });
  const record = await objects.getJson<Record<string, unknown>>(keys.statementsBucket(), key);
  await objects.putJson(keys.statementsBucket(), key, {
    ...record,
    contract_earnings: ids.map((contract_id) => ({ contract_id, earned: '2.000000' })),
  });
  const [message] = run.messages;
  if (!message) throw new Error('no account step');
  const ghost = [...ids].sort()[CONTRACTS - 1];
  if (left)
    await db()
      .entities.Contract.patch({ tenantId: companyId, id: ghost })
      .set({
        recoupment_claimed_by: `never-written-${stamp}`,
        recoupment_claim: { recouped: '9.99', recoupment_version: 1, claimed_at: '2020-01-01T00:00:00.000Z' },
      })
      .go();
  return { step, deps, db, api, companyId, payeeId, ids, message, ghost };
}

it(`recoups each of ${CONTRACTS} contracts once in one statement, delivered twice`, async () => {
  const { step, deps, db, api, companyId, payeeId, ids, message } = await payeeUnderContracts('Many');
  const outcomes = await Promise.all([step.runAccountStep(message, deps), step.runAccountStep(message, deps)]);
  expect(outcomes).toContain('published');

  const contracts = (await db().entities.Contract.query.byTenant({ tenantId: companyId }).go({ pages: 'all' })).data;
  const ours = contracts.filter((c) => ids.includes(c.id));
  expect(ours).toHaveLength(CONTRACTS);
  // Every one recouped £2.00 once, moved once, and none is left claimed.
  expect(ours.filter((c) => c.recouped === '2.00' && c.recoupment_version === 1)).toHaveLength(CONTRACTS);
  expect(ours.filter((c) => c.recoupment_claimed_by !== undefined)).toEqual([]);
  const list = (await api.get(`/statements?statementable_type=Payee&statementable_id=${payeeId}`)).body.statements;
  expect(list).toHaveLength(1);
  const statement = (await api.get(`/statements/${list[0].id}`)).body.statement;
  expect(statement.figures).toMatchObject({ royalties: '300.00', recouped: '-300.00' });
  expect(statement.contract_recoupment).toHaveLength(CONTRACTS);

  // Delivered again once published: nothing moves.
  expect(await step.runAccountStep(message, deps)).toBe('done_already');
  const again = (await db().entities.Contract.query.byTenant({ tenantId: companyId }).go({ pages: 'all' })).data;
  expect(again.filter((c) => ids.includes(c.id) && c.recoupment_version === 1)).toHaveLength(CONTRACTS);
}, 240_000);

it('takes over a contract claimed by a statement whose delivery died unwritten, and recoups it once', async () => {
  const { step, deps, db, companyId, ids, message, ghost } = await payeeUnderContracts('Left', true);
  expect(await step.runAccountStep(message, deps)).toBe('published');
  const ours = (await db().entities.Contract.query.byTenant({ tenantId: companyId }).go({ pages: 'all' })).data.filter(
    (c) => ids.includes(c.id),
  );
  // The left claim's £9.99 never reached the contract: it recouped £2.00 like every other, once.
  expect(ours.find((c) => c.id === ghost)).toMatchObject({ recouped: '2.00', recoupment_version: 1 });
  expect(ours.filter((c) => c.recouped === '2.00' && c.recoupment_version === 1)).toHaveLength(CONTRACTS);
  expect(ours.filter((c) => c.recoupment_claimed_by !== undefined)).toEqual([]);
}, 240_000);
