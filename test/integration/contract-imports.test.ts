import { beforeAll, describe, expect, inject, it } from 'vitest';
import { roleRefusal } from '../../shared/permissions.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * Contracts from a file: the check answers every problem of every row and writes nothing; the import makes one draft
 * per row through the contract create path, read back by GET /contracts; the same file is refused once imported,
 * two imports of it at once make each contract once, an import stopped half-way carries on; another company's
 * payees are unknown; a member who may not change the catalogue is refused.
 */
type Contract = {
  id: string;
  contractable_type: string;
  contractable_id: string;
  contractee_id: string;
  contractee_legal_name: string;
  status: string;
  type: string;
  start_date: string;
  end_date: string | null;
  contract_payees: { payee_id: string; share: string }[];
  royalty_terms: { terms: { rate: string; base: string }[]; advance?: string; opening_balance?: string };
};
let own: OwnCompany;
const run = Math.random().toString(36).slice(2, 8);
const payees = new Map<string, string>();
const artists = new Map<string, string>();
const releases = new Map<string, string>();
let otherPayee: string;

const file = (csv: string, file_name = 'contracts.csv') => ({
  file_name,
  content: Buffer.from(csv, 'utf8').toString('base64'),
});
const HEADER = 'release_upc,artist,contractee,type,start_date,end_date,royalty_rate,advance,unrecouped_balance';
const csvOf = (rows: string[][]) => [HEADER, ...rows.map((r) => r.join(','))].join('\n');

/** A GTIN-13 with its check digit, unique per run. */
function gtin13(): string {
  const body = `50${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`.slice(
    0,
    12,
  );
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

async function contracts(): Promise<Contract[]> {
  const answer = await own.api.get('/contracts');
  expect(answer.status).toBe(200);
  return answer.body.contracts;
}
const ofPayee = async (name: string) => (await contracts()).filter((c) => c.contractee_id === payees.get(name));

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  own = await ownCompany('Contract imports');
  for (const name of ['Ann', 'Bob', 'Race', 'Crash', 'Slow']) {
    const made = await own.api.post('/payees', { name: `${name} ${run}` });
    expect(made.status).toBe(201);
    payees.set(name, made.body.payee.id);
  }
  for (const name of ['Jane', 'Twin', 'twin']) {
    const made = await own.api.post('/artists', { name: `${name} ${run}` });
    expect(made.status).toBe(201);
    artists.set(name, made.body.artist.id);
  }
  for (const title of ['First', 'Second']) {
    const upc = gtin13();
    const made = await own.api.post('/releases', { title: `${title} ${run}`, upc });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    releases.set(title, made.body.release.id);
    releases.set(`${title} upc`, upc);
  }
  const other = await own.sibling('Contract imports elsewhere');
  otherPayee = `Elsewhere ${run}`;
  expect((await other.api.post('/payees', { name: otherPayee })).status).toBe(201);
}, 120_000);

describe('the check', () => {
  it('answers every problem of every row, by row and column, and writes nothing', async () => {
    const before = (await contracts()).length;
    const answer = await own.api.post(
      '/contracts/import/check',
      file(
        csvOf([
          [releases.get('First upc')!, '', `ann ${run}`, 'Licence', '2024-01-01', '', '18', '"1,500.00"', ''],
          ['', `Jane ${run}`, otherPayee, '', '2024-01-01', '', '', '', ''],
          ['', `Twin ${run}`, `Ann ${run}`, '', '2024-01-01', '', '', '', ''],
          ['0000000000000', '', `Ann ${run}`, 'Record deal', '2024-05-01', '2024-04-01', '101', '', ''],
        ]),
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.problems).toEqual([
      { row: 3, column: 'contractee', message: `No payee named "${otherPayee}" in this company` },
      { row: 4, column: 'artist', message: `2 artists are named "Twin ${run}"` },
      { row: 5, column: 'release_upc', message: 'No release with the UPC 0000000000000 in this company' },
      { row: 5, column: 'type', message: 'Type must be one of: Artist release contract, Licence, Contract' },
      // The rest of a row whose release and type did not read is checked too: one check tells every problem.
      { row: 5, column: 'royalty_rate', message: 'Rate must be a percentage between 0 and 100' },
      { row: 5, column: 'end_date', message: 'End date must be on or after the start date' },
    ]);
    expect(answer.body).toMatchObject({ rows: 4, contracts: 1, more_problems: 0, imported_on: null });
    expect(answer.body.preview).toEqual([
      {
        row: 2,
        subject: `Release: First ${run}`,
        contractee: `Ann ${run}`,
        type: 'Licence',
        start_date: '2024-01-01',
        end_date: null,
        deal: '18% of net receipts; advance £1,500.00',
      },
    ]);
    const refused = await own.api.post(
      '/contracts/import',
      file(
        csvOf([
          [releases.get('First upc')!, '', `Ann ${run}`, '', '2024-01-01', '', '', '', ''],
          ['', `Jane ${run}`, otherPayee, '', '2024-01-01', '', '', '', ''],
        ]),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The file has 1 problem; nothing was imported');
    expect(refused.body.errors.file).toEqual([`Row 3, contractee: No payee named "${otherPayee}" in this company`]);
    expect((await contracts()).length).toBe(before);
  }, 60_000);

  it('bounds the file before reading it: its size and its rows', async () => {
    const big = await own.api.post('/contracts/import/check', {
      file_name: 'big.csv',
      content: Buffer.alloc(600 * 1024, 'a').toString('base64'),
    });
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('The file is larger than 512 kB; split it');
    const long = await own.api.post(
      '/contracts/import/check',
      file(csvOf(Array.from({ length: 2001 }, () => ['', 'x', 'y', '', '2024-01-01', '', '', '', '']))),
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('The file has more than 2,000 rows; split it');
  });
});

describe('the import', () => {
  it('makes one draft per row, read back by GET /contracts; the same file again is refused', async () => {
    const good = file(
      csvOf([
        [releases.get('First upc')!, '', `Ann ${run}`, 'licence', '2024-01-01', '2026-12-31', '18%', '1500', ''],
        ['', `jane ${run}`, payees.get('Ann')!, '', '2023-06-01', '', '25.5', '', '300.50'],
        [releases.get('Second upc')!, '', `Bob ${run}`, 'Generic', '2022-02-02', '', '', '', ''],
      ]),
    );
    expect((await own.api.post('/contracts/import/check', good)).body).toMatchObject({ problems: [], contracts: 3 });
    const imported = await own.api.post('/contracts/import', good);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body).toEqual({
      message: '3 contracts were added',
      contracts: 3,
      written: 3,
      complete: true,
      resumed: false,
    });

    const ann = (await ofPayee('Ann')).sort((a, b) => a.start_date.localeCompare(b.start_date));
    expect(ann).toHaveLength(2);
    expect(ann[1]).toMatchObject({
      contractable_type: 'release',
      contractable_id: releases.get('First'),
      type: 'licence',
      status: 'draft',
      contractee_legal_name: `Ann ${run}`,
      start_date: '2024-01-01',
      end_date: '2026-12-31',
      contract_payees: [{ payee_id: payees.get('Ann'), share: '100' }],
      royalty_terms: { terms: [{ rate: '18', base: 'net_receipts' }], advance: '1500' },
    });
    expect(ann[0]).toMatchObject({
      contractable_type: 'artist',
      contractable_id: artists.get('Jane'),
      type: 'artist_release_contract',
      end_date: null,
      royalty_terms: { terms: [{ rate: '25.5', base: 'net_receipts' }], opening_balance: '300.50' },
    });
    // Each is a contract like any other: GET /contracts/{id} reads it, its recoupment from the unrecouped balance.
    const one = await own.api.get(`/contracts/${ann[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.contract.recoupment).toMatchObject({ to_recoup: '300.50' });
    expect(await ofPayee('Bob')).toEqual([
      expect.objectContaining({ contractable_id: releases.get('Second'), type: 'generic' }),
    ]);

    const again = await own.api.post('/contracts/import', good);
    expect(again.status).toBe(409);
    const today = new Date().toISOString().slice(0, 10);
    expect(again.body.message).toBe(`This file was imported on ${today}`);
    const checkAgain = await own.api.post('/contracts/import/check', good);
    expect(checkAgain.body.imported_on).toBe(today);
    expect(checkAgain.body.problems[0]).toEqual({
      row: null,
      column: null,
      message: `This file was imported on ${today}`,
    });
    expect(await ofPayee('Ann')).toHaveLength(2);
  }, 60_000);

  it('makes each contract once when two imports of the same file run at once', async () => {
    const same = file(
      csvOf([
        ['', `Jane ${run}`, `Race ${run}`, '', '2021-01-01', '', '10', '', ''],
        [releases.get('First upc')!, '', `Race ${run}`, '', '2021-02-01', '', '12', '', ''],
      ]),
    );
    const answers = await Promise.all([
      own.api.post('/contracts/import', same),
      own.api.post('/contracts/import', same),
    ]);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(answers.some((a) => a.status === 201)).toBe(true);
    const race = await ofPayee('Race');
    expect(race.map((c) => c.start_date).sort()).toEqual(['2021-01-01', '2021-02-01']);
    expect((await own.api.post('/contracts/import', same)).status).toBe(409);
  }, 60_000);

  it('carries on an import stopped half-way, making each row once', async () => {
    const { importContracts } = await import('../../functions/contracts/import.js');
    const days = Array.from({ length: 10 }, (_, i) => `2020-01-${String(i + 10)}`);
    const stopped = file(csvOf(days.map((day) => ['', `Jane ${run}`, `Crash ${run}`, '', day, '', '5', '', ''])));
    await expect(
      importContracts(own.companyId, own.manager.id, stopped, {
        afterBatch: () => {
          throw new Error('the process died');
        },
      }),
    ).rejects.toThrow('the process died');
    expect(await ofPayee('Crash')).toHaveLength(8);
    expect((await own.api.post('/contracts/import/check', stopped)).body.imported_on).toBeNull();
    const resumed = await own.api.post('/contracts/import', stopped);
    expect(resumed.status).toBe(201);
    expect(resumed.body).toEqual({
      message: '10 contracts were added',
      contracts: 10,
      written: 10,
      complete: true,
      resumed: true,
    });
    expect((await ofPayee('Crash')).map((c) => c.start_date).sort()).toEqual(days);
    expect((await own.api.post('/contracts/import', stopped)).status).toBe(409);
  }, 60_000);
});

describe('a file larger than one request writes', () => {
  it('stops after its time, says how far it got, and carries on when the file is sent again', async () => {
    const { importContracts } = await import('../../functions/contracts/import.js');
    const days = Array.from({ length: 10 }, (_, i) => `2018-03-${String(i + 10)}`);
    const slow = file(csvOf(days.map((day) => ['', `Jane ${run}`, `Slow ${run}`, '', day, '', '5', '', ''])));
    const first = await importContracts(own.companyId, own.manager.id, slow, { budgetMs: 0 });
    expect(first).toEqual({
      message: '8 of 10 contracts are in: the import carries on',
      contracts: 10,
      written: 8,
      complete: false,
      resumed: false,
    });
    expect(await ofPayee('Slow')).toHaveLength(8);
    const rest = await own.api.post('/contracts/import', slow);
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ complete: true, written: 10, resumed: true });
    expect((await ofPayee('Slow')).map((c) => c.start_date).sort()).toEqual(days);
  }, 60_000);
});

describe('roles', () => {
  it('refuses a member whose role does not change the catalogue', async () => {
    const accountant = await own.member('accounting');
    const csv = file(csvOf([['', `Jane ${run}`, `Ann ${run}`, '', '2019-01-01', '', '', '', '']]));
    const check = await accountant.api.post('/contracts/import/check', csv);
    expect(check.status).toBe(403);
    expect(check.body.message).toBe(roleRefusal('accounting', 'catalogue.write'));
    expect((await accountant.api.post('/contracts/import', csv)).status).toBe(403);
    expect((await ofPayee('Ann')).some((c) => c.start_date === '2019-01-01')).toBe(false);
  }, 60_000);
});
