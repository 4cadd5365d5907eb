import { describe, expect, it } from 'vitest';
import { readingFreshScope } from '../../functions/royalties/api/admin-royalties.js';

/** The admin list reads every company's files; one deleted mid-read is read again, not a 500. */
describe('reading with a fresh scope', () => {
  const vanished = () => Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });

  it('lists the scope again when a file vanished, and answers from the second listing', async () => {
    let listings = 0;
    const answer = await readingFreshScope(
      async () => ++listings,
      async (scope) => {
        if (scope === 1) throw vanished();
        return `read listing ${scope}`;
      },
    );
    expect(answer).toBe('read listing 2');
    expect(listings).toBe(2);
  });

  it('gives up after three listings, and raises any other error at once', async () => {
    let listings = 0;
    await expect(
      readingFreshScope(
        async () => ++listings,
        async () => {
          throw vanished();
        },
      ),
    ).rejects.toThrow('does not exist');
    expect(listings).toBe(3);
    listings = 0;
    await expect(
      readingFreshScope(
        async () => ++listings,
        async () => {
          throw new Error('engine failed');
        },
      ),
    ).rejects.toThrow('engine failed');
    expect(listings).toBe(1);
  });
});
