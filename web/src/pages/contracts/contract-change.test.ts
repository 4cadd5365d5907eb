import { describe, expect, it } from 'vitest';
import { payeeRowsProblem } from './contract-change';

const row = (id: string | null, share: string) => ({ payee: id ? { id } : null, share });

describe('payeeRowsProblem', () => {
  it('lets shares that add up to exactly 100 % be saved', () => {
    expect(payeeRowsProblem([row('a', '60'), row('b', '40')])).toBeNull();
    expect(payeeRowsProblem([row('a', '33.3333'), row('b', '33.3333'), row('c', '33.3334')])).toBeNull();
  });

  it('says what is wrong: a row without a payee, a share that is not a percentage, a total off 100, a payee twice', () => {
    expect(payeeRowsProblem([row('a', '100'), row(null, '')])).toBe('Choose a payee on each row, or remove the row');
    expect(payeeRowsProblem([row('a', '60'), row('b', 'forty')])).toBe(
      'Each share must be a percentage between 0 and 100',
    );
    expect(payeeRowsProblem([row('a', '60'), row('b', '30')])).toBe(
      'Payee shares must add up to 100% (they add up to 90%)',
    );
    expect(payeeRowsProblem([row('a', '50'), row('a', '50')])).toBe('A payee is listed twice');
  });
});
