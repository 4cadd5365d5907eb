import { describe, expect, it } from 'vitest';
import { readImportFile } from '../../functions/catalogue-exchange/imports/read-file.js';
import { type ContractImportInput, readContractImport } from '../../functions/contracts/import-rows.js';

/** Reading a contracts file: every problem of every row, by row and column; good rows read as POST /contracts input. */
const company: Omit<ContractImportInput, 'headers' | 'rows'> = {
  releases: [
    { id: '01RELEASEA', title: 'First Light', upc: '5060000000011' },
    { id: '01RELEASEB', title: 'Second Wind', upc: '060000000022' },
    { id: '01RELEASEC', title: 'Twin One', upc: '111' },
    { id: '01RELEASED', title: 'Twin Two', upc: '111' },
    { id: '01RELEASEE', title: 'No Code', upc: null },
  ],
  artists: [
    { id: '01ARTISTJANE', name: 'Jane Artist' },
    { id: '01ARTISTTWIN1', name: 'The Twins' },
    { id: '01ARTISTTWIN2', name: 'the twins' },
  ],
  payees: [
    { id: '01PAYEEANN', name: 'Ann Payee' },
    { id: '01PAYEEBOB', name: 'Bob Payee' },
  ],
  contractor: 'Night Owl Records',
  currency: 'GBP',
};

async function readCsv(csv: string) {
  const file = await readImportFile('contracts.csv', Buffer.from(csv, 'utf8'));
  return readContractImport({ ...file, ...company });
}

describe('reading a contracts file', () => {
  it('reads good rows exactly as the API takes them, headers in any case and order', async () => {
    const read = await readCsv(
      [
        'Start_Date,CONTRACTEE,Release_UPC,Artist,Type,End_Date,Royalty_Rate,Advance,Unrecouped_Balance,Contractee_Legal_Name',
        '2024-01-01,Ann Payee,5060000000011,,Licence,2026-12-31,18%,"1,500.00",,Ann Payee Ltd',
        '2023-06-01,01PAYEEBOB,,jane artist,,,25.5,,300',
        '',
        '2022-02-02,bob payee,0060000000022,,generic,,,,,',
      ].join('\n'),
    );
    expect(read.problems).toEqual([]);
    expect(read.rows).toBe(3);
    expect(read.contracts.map((c) => c.row)).toEqual([2, 3, 5]);
    expect(read.contracts[0].input).toEqual({
      contractable_type: 'release',
      contractable_id: '01RELEASEA',
      type: 'licence',
      contractee_type: 'payee',
      contractee_id: '01PAYEEANN',
      contractee_legal_name: 'Ann Payee Ltd',
      contractor_legal_name: 'Night Owl Records',
      start_date: '2024-01-01',
      end_date: '2026-12-31',
      metadata: {},
      contract_payees: [{ payee_id: '01PAYEEANN', share: '100' }],
      royalty_terms: {
        deal_type: 'royalty',
        terms: [{ rate: '18', base: 'net_receipts', conditions: {} }],
        packaging_deductions: {},
        escalations: [],
        advance: '1500.00',
      },
    });
    expect(read.contracts[1].input).toMatchObject({
      contractable_type: 'artist',
      contractable_id: '01ARTISTJANE',
      type: 'artist_release_contract',
      contractee_id: '01PAYEEBOB',
      contractee_legal_name: 'Bob Payee',
      royalty_terms: { terms: [{ rate: '25.5', base: 'net_receipts' }], opening_balance: '300' },
    });
    expect(read.contracts[1].input.end_date).toBeUndefined();
    // A 12-digit UPC and its 13-digit EAN (a leading 0) are the same code.
    expect(read.contracts[2].input).toMatchObject({ contractable_id: '01RELEASEB', type: 'generic' });
    expect(read.contracts[2].input.royalty_terms.terms).toEqual([]);
    expect(read.contracts[0].preview).toEqual({
      row: 2,
      subject: 'Release: First Light',
      contractee: 'Ann Payee',
      type: 'Licence',
      start_date: '2024-01-01',
      end_date: '2026-12-31',
      deal: '18% of net receipts; advance £1,500.00',
    });
  });

  it('takes each type by the name its refusal gives it: "Contract" is a generic contract', async () => {
    const read = await readCsv(
      ['release_upc,contractee,type,start_date', '5060000000011,Ann Payee,Contract,2024-01-01'].join('\n'),
    );
    expect(read.problems).toEqual([]);
    expect(read.contracts[0].input.type).toBe('generic');
    expect(read.contracts[0].preview.type).toBe('Contract');
  });

  it('names every problem of every row by row and column, and reads no contract from them', async () => {
    const read = await readCsv(
      [
        'release_upc,artist,contractee,type,start_date,end_date,royalty_rate,advance,unrecouped_balance',
        '999,,Ann Payee,,2024-01-01,,,,',
        '111,,Nobody,,2024-01-01,,,,',
        ',,Ann Payee,,2024-01-01,,,,',
        '5060000000011,Jane Artist,Ann Payee,,2024-01-01,,,,',
        ',The Twins,,Record deal,2024-13-01,,,,',
        ',Nobody,Ann Payee,,2024-01-01,,150,12.345,-3',
        ',Jane Artist,Ann Payee,,2024-05-01,2024-04-01,,,',
        ',Jane Artist,Bob Payee,,,,,,',
        '5060000000011,,Ann Payee,,2024-01-01,,,,',
        '5060000000011,,Ann Payee,,2024-01-01,,,,',
      ].join('\n'),
    );
    expect(read.contracts.map((c) => c.row)).toEqual([10]);
    expect(read.problems).toEqual([
      { row: 2, column: 'release_upc', message: 'No release with the UPC 999 in this company' },
      { row: 3, column: 'release_upc', message: '2 releases have the UPC 111' },
      { row: 3, column: 'contractee', message: 'No payee named "Nobody" in this company' },
      { row: 4, column: 'release_upc', message: 'Release UPC or artist is required: what the contract is on' },
      {
        row: 5,
        column: 'release_upc',
        message: 'Give a release UPC or an artist, not both: a contract is on one of them',
      },
      { row: 6, column: 'artist', message: '2 artists are named "The Twins"' },
      { row: 6, column: 'contractee', message: 'Contractee is required' },
      { row: 6, column: 'type', message: 'Type must be one of: Artist release contract, Licence, Contract' },
      // A row whose subject or contractee did not read still has its day and rate checked: one check, every problem.
      { row: 6, column: 'start_date', message: 'Start date must be a date (YYYY-MM-DD)' },
      { row: 7, column: 'artist', message: 'No artist named "Nobody" in this company' },
      { row: 7, column: 'advance', message: 'Advance must be an amount such as 1500.00' },
      { row: 7, column: 'unrecouped_balance', message: 'Unrecouped balance must be an amount such as 1500.00' },
      { row: 7, column: 'royalty_rate', message: 'Rate must be a percentage between 0 and 100' },
      { row: 8, column: 'end_date', message: 'End date must be on or after the start date' },
      { row: 9, column: 'start_date', message: 'Start date is required' },
      { row: 11, column: 'release_upc', message: 'Row 10 has the same contract' },
    ]);
  });

  it('refuses a rate and a date the API would refuse, in its words', async () => {
    const read = await readCsv(
      ['artist,contractee,start_date,royalty_rate', 'Jane Artist,Ann Payee,2024-02-30,150'].join('\n'),
    );
    expect(read.problems).toEqual([
      { row: 2, column: 'start_date', message: 'Start date must be a date (YYYY-MM-DD)' },
      { row: 2, column: 'royalty_rate', message: 'Rate must be a percentage between 0 and 100' },
    ]);
  });

  it('names the columns a file lacks, and a file without rows', async () => {
    const read = await readCsv('payee,start\nAnn,2024-01-01');
    expect(read.problems.map((p) => [p.row, p.column])).toEqual([
      [1, 'release_upc'],
      [1, 'contractee'],
      [1, 'start_date'],
    ]);
    expect(read.problems[0].message).toMatch(/neither a "release_upc" nor an "artist" column/);
    expect((await readCsv('artist,contractee,start_date\n')).problems).toEqual([
      { row: null, column: null, message: 'The file has no rows of contracts under its header' },
    ]);
  });
});
