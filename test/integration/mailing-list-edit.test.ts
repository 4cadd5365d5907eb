import { beforeAll, describe, expect, it } from 'vitest';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * A mailing list's own fields (name, description, tags, active) changed after it was made: each bad value refused in
 * words naming its field (never the schema library's own text, never a 500); a list taken out of use is refused by a
 * send naming it; another company's list is out of reach.
 */
let company: OwnCompany;
let other: OwnCompany;

beforeAll(async () => {
  [company, other] = await Promise.all([ownCompany('Mailing list edit'), ownCompany('Mailing list edit other')]);
});

async function newList(name = `Edit me ${Date.now()}`) {
  const made = await company.api.post('/mailing_lists', { name });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.mailing_list.id as string;
}

describe('editing a mailing list', () => {
  it('changes its name, description, tags and active; a send to it once inactive is refused naming it', async () => {
    const id = await newList();
    const saved = await company.api.patch(`/mailing_lists/${id}`, {
      name: '  Club DJs (UK)  ',
      description: 'House and techno DJs in the UK',
      tags: ['club', 'uk'],
      active: false,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Mailing List Updated');
    expect((await company.api.get(`/mailing_lists/${id}`)).body.mailing_list).toMatchObject({
      name: 'Club DJs (UK)',
      description: 'House and techno DJs in the UK',
      tags: ['club', 'uk'],
      active: false,
    });
    // Emptied tags and description clear them.
    const cleared = await company.api.patch(`/mailing_lists/${id}`, { description: '', tags: [] });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.mailing_list).toMatchObject({ description: '', tags: [] });

    const recording = (await company.api.post('/recordings', { title: 'List Edit Track' })).body.recording;
    const release = (
      await company.api.post('/releases', {
        title: 'List Edit EP',
        release_recordings_attributes: [{ recording_id: recording.id }],
      })
    ).body.release;
    const promo = (await company.api.post('/promos', { release_id: release.id })).body.promo;
    const send = await company.api.post(`/promos/${promo.id}/send`, { mailing_list_ids: [id] });
    expect(send.status).toBe(400);
    expect(send.body.errors.mailing_list_ids).toEqual(['Mailing list Club DJs (UK) is not active']);
  });

  it('refuses bad values in words naming the field (400), never the schema library’s text', async () => {
    const id = await newList();
    const refused = async (body: Record<string, unknown>) => {
      const answer = await company.api.patch(`/mailing_lists/${id}`, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return answer.body.errors as Record<string, string[]>;
    };
    expect((await refused({ name: '   ' })).name).toEqual(['Name is required']);
    expect(Object.values(await refused({ tags: ['club', ' '] })).flat()).toEqual(['A tag is empty']);
    expect(Object.values(await refused({ tags: ['x'.repeat(41)] })).flat()).toEqual([
      'Each tag must be under 40 characters',
    ]);
    expect(Object.values(await refused({ tags: Array.from({ length: 31 }, (_, i) => `t${i}`) })).flat()).toEqual([
      'A list has at most 30 tags',
    ]);
    expect((await refused({ description: 'x'.repeat(2001) })).description).toEqual([
      'Description must be under 2000 characters',
    ]);
    expect((await refused({ active: 'no' })).active).toEqual(['Active must be true or false']);
    // The same words when a list is made.
    const made = await company.api.post('/mailing_lists', { name: 'Tagged', tags: [''] });
    expect(made.status).toBe(400);
    expect(Object.values(made.body.errors).flat()).toEqual(['A tag is empty']);
  });

  it('another company’s list answers 404 and stays as it was', async () => {
    const id = await newList('Not theirs');
    const answer = await other.api.patch(`/mailing_lists/${id}`, { name: 'Taken' });
    expect(answer.status).toBe(404);
    expect((await company.api.get(`/mailing_lists/${id}`)).body.mailing_list.name).toBe('Not theirs');
  });

  it('takes only a label of the company’s own: another company’s is refused on the field, when made or edited', async () => {
    const own = await company.label(`List label ${Date.now()}`);
    const theirs = await other.label(`Their list label ${Date.now()}`);
    const made = await company.api.post('/mailing_lists', { name: 'Labelled', label_id: own.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const refused = await company.api.post('/mailing_lists', { name: 'Not ours', label_id: theirs.id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ label_id: ['Label not found in this company'] });
    const edited = await company.api.patch(`/mailing_lists/${made.body.mailing_list.id}`, { label_id: theirs.id });
    expect(edited.status).toBe(400);
    expect(edited.body.errors).toEqual({ label_id: ['Label not found in this company'] });
  });
});
