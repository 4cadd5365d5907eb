import { expect, it } from 'vitest';
import { percentMoved } from '../../functions/money/statements/runs/finish.js';

const pushesFor = (total: number) =>
  Array.from({ length: total - 1 }, (_, i) => i + 1).filter((done) =>
    percentMoved({ status: 'publishing', done, skipped: 0, total }),
  );

it('tells the user when the whole percent moves, not after every statement', () => {
  const pushes = pushesFor(1000);
  // The first statement, then each 10 of a thousand (1 %): 100 pushes before the end's own, not 999.
  expect(pushes.length).toBe(100);
  expect(pushes.slice(0, 4)).toEqual([1, 10, 20, 30]);
});

it('tells a small run about every statement, each being a percent or more', () => {
  expect(pushesFor(3)).toEqual([1, 2]);
});

it('counts statements left out as stated already like statements published', () => {
  expect(percentMoved({ status: 'publishing', done: 5, skipped: 5, total: 1000 })).toBe(true);
  expect(percentMoved({ status: 'publishing', done: 5, skipped: 6, total: 1000 })).toBe(false);
});
