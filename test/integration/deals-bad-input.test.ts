import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * Contracts and licences refuse what a form or a script might wrongly send: text where a value belongs, text too long,
 * an id that is not there or is another company's. Each answer names the field in words (400) or says the record is
 * not found (404), never a server error, and a refused change leaves the record as it was.
 */
let own: OwnCompany;
let other: OwnCompany;
let contract: { id: string; contractee_legal_name: string };
let licence: { id: string; usage: string };
let foreign: { release: string; payee: string; contract: string; licence: string };
const long = 'x'.repeat(5000);

beforeAll(async () => {
  [own, other] = await Promise.all([ownCompany('Deals bad input'), ownCompany('Deals elsewhere')]);
  const { api } = own;
  const release = (await api.post('/releases', { title: `Bad input EP ${Date.now()}` })).body.release.id;
  const artist = (await api.post('/artists', { name: `Bad input artist ${Date.now()}` })).body.artist.id;
  contract = (
    await api.post('/contracts', {
      contractable_type: 'release',
      contractable_id: release,
      type: 'artist_release_contract',
      contractee_type: 'artist',
      contractee_id: artist,
      contractee_legal_name: 'Jane Q. Artist',
      contractor_legal_name: 'Bad Input Records Ltd',
      start_date: '2026-03-01',
    })
  ).body.contract;
  licence = (await api.post('/licenses', { type: 'outgoing', licensee_name: 'Film Co', usage: 'Trailer' })).body
    .license;
  const otherRelease = (await other.api.post('/releases', { title: `Elsewhere EP ${Date.now()}` })).body.release.id;
  const otherArtist = (await other.api.post('/artists', { name: `Elsewhere artist ${Date.now()}` })).body.artist.id;
  foreign = {
    release: otherRelease,
    payee: (await other.api.post('/payees', { name: `Elsewhere payee ${Date.now()}` })).body.payee.id,
    contract: (
      await other.api.post('/contracts', {
        contractable_type: 'release',
        contractable_id: otherRelease,
        type: 'artist_release_contract',
        contractee_type: 'artist',
        contractee_id: otherArtist,
        contractee_legal_name: 'Elsewhere Artist',
        contractor_legal_name: 'Elsewhere Ltd',
        start_date: '2026-03-01',
      })
    ).body.contract.id,
    licence: (await other.api.post('/licenses', { type: 'outgoing', licensee_name: 'Elsewhere Film' })).body.license.id,
  };
}, 120_000);

describe('a contract refuses bad input', () => {
  it('names the field of text too long, a wrong type or another company’s payee, and keeps the contract as it was', async () => {
    const refusals = [
      [{ contractee_legal_name: long }, 'contractee_legal_name', 'Contractee legal name must be under 200 characters'],
      [{ metadata: { term: long } }, 'metadata.term', 'Term must be under 200 characters'],
      [{ start_date: 20260301 }, 'start_date', 'Start date must be text'],
      [
        { contract_payees: [{ payee_id: foreign.payee, share: '100' }] },
        'contract_payees',
        'A payee is not one of your payees',
      ],
    ] as const;
    for (const [body, field, words] of refusals) {
      const answer = await own.api.patch(`/contracts/${contract.id}`, body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.errors[field], field).toEqual([words]);
    }
    const kept = (await own.api.get(`/contracts/${contract.id}`)).body.contract;
    expect(kept.contractee_legal_name).toBe(contract.contractee_legal_name);
    expect(kept.contract_payees).toEqual([]);
  });

  it('is not found by an unknown id or another company’s, on every call that names it', async () => {
    for (const id of ['no-such-contract', foreign.contract]) {
      const calls = [
        own.api.get(`/contracts/${id}`),
        own.api.patch(`/contracts/${id}`, { status: 'signed' }),
        own.api.post(`/contracts/${id}/update_contract`, {}),
        own.api.get(`/contracts/${id}/document`),
        own.api.get(`/contracts/${id}/signed_copy`),
        own.api.del(`/contracts/${id}`),
      ];
      for (const answer of await Promise.all(calls)) expect(answer.body).toEqual({ message: 'Contract not found' });
    }
    expect((await other.api.get(`/contracts/${foreign.contract}`)).body.contract.status).toBe('draft');
  });

  it('names the subject of a list asked for in the words a new contract’s field is', async () => {
    const answer = await own.api.get(`/contracts?contractable_type=release&contractable_id=${'r'.repeat(65)}`);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ contractable_id: ['Contract subject must be under 64 characters'] });
  });

  it('is not made on another company’s release', async () => {
    const answer = await own.api.post('/contracts', {
      contractable_type: 'release',
      contractable_id: foreign.release,
      type: 'artist_release_contract',
      contractee_type: 'payee',
      contractee_id: foreign.payee,
      contractee_legal_name: 'Someone',
      contractor_legal_name: 'Bad Input Records Ltd',
      start_date: '2026-03-01',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.contractable_id).toEqual(['This release is not one of yours']);
  });
});

describe('a licence refuses bad input', () => {
  it('names the field of text too long, a wrong type or another company’s release, and keeps the licence as it was', async () => {
    const refusals = [
      [{ usage: long }, 'usage', 'Usage must be at most 2000 characters'],
      [{ licensee_name: 5 }, 'licensee_name', 'Licensee name must be text'],
      [{ fee: 10.5 }, 'fee', 'Fee must be an amount with up to 2 decimals'],
      [
        { usage: 'Changed', assets: [{ asset_type: 'release', asset_id: foreign.release, split: '100' }] },
        'assets.0.asset_id',
        'Release not found in this company',
      ],
      [{ usage: 'Changed', release_id: foreign.release }, 'release_id', 'Release not found in this company'],
      [
        { usage: 'Changed', fee_currency: 'GPB' },
        'fee_currency',
        'Fee currency must be one of the currencies listed, e.g. GBP, EUR or USD',
      ],
    ] as const;
    for (const [body, field, words] of refusals) {
      const answer = await own.api.patch(`/licenses/${licence.id}`, body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.errors[field], field).toEqual([words]);
    }
    const kept = (await own.api.get(`/licenses/${licence.id}`)).body.license;
    expect(kept.usage).toBe(licence.usage);
    expect(kept.assets).toEqual([]);
  });

  it('is not found by an unknown id or another company’s, on every call that names it', async () => {
    for (const id of ['no-such-licence', foreign.licence]) {
      const calls = [
        own.api.get(`/licenses/${id}`),
        own.api.patch(`/licenses/${id}`, { usage: 'Changed' }),
        own.api.post(`/licenses/${id}/status`, { status: 'quoted' }),
        own.api.post(`/licenses/${id}/invoice`, {}),
        own.api.post(`/licenses/${id}/payment`, {}),
        own.api.post(`/licenses/${id}/advance`, {}),
        own.api.post(`/licenses/${id}/report_received`, {}),
        own.api.get(`/licenses/${id}/document`),
        own.api.del(`/licenses/${id}`),
      ];
      for (const answer of await Promise.all(calls)) expect(answer.body).toEqual({ message: 'License not found' });
    }
    const theirs = (await other.api.get(`/licenses/${foreign.licence}`)).body.license;
    expect([theirs.status, theirs.usage]).toEqual(['enquiry', undefined]);
  });

  it('refuses a query a call does not take in a sentence naming it', async () => {
    const answer = await own.api.get('/licensing/summary?from=2026-01-01');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'From is not a known field',
      errors: { from: ['From is not a known field'] },
    });
  });
});

describe('a signed copy', () => {
  it('is kept as a scan or photo of the signed paper (JPEG or PNG), and a file of another kind is refused in words', async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    for (const base of [`/contracts/${contract.id}`, `/licenses/${licence.id}`]) {
      const heic = await own.api.post(`${base}/signed_copy_upload`, {
        filename: 'signed.heic',
        content_type: 'image/heic',
        size: 10,
      });
      expect(heic.status, base).toBe(400);
      expect(heic.body.errors, base).toEqual({
        content_type: ['Signed copy must be a PDF, Word, Excel, text, CSV, ZIP, JPEG or PNG file'],
      });
      const presigned = await own.api.post(`${base}/signed_copy_upload`, {
        filename: 'signed scan.jpg',
        content_type: 'image/jpeg',
        size: jpeg.byteLength,
      });
      expect(presigned.status, JSON.stringify(presigned.body)).toBe(200);
      const uploaded = await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body: jpeg });
      expect(uploaded.ok, base).toBe(true);
      const kept = await call('PUT', `/api/v1${base}/signed_copy`, {
        token: own.manager.token,
        company: own.companyId,
        body: { signed_copy_key: presigned.body.key },
      });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      expect(Object.values(kept.body).find((v) => typeof v === 'object')).toMatchObject({
        signed_copy_file_name: 'signed_scan.jpg',
      });
    }
  });
});
