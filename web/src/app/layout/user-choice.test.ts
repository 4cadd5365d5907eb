import { describe, expect, it } from 'vitest';
import { isUserChoice } from './user-choice';

describe('isUserChoice', () => {
  it('counts a change as the user’s only within a second of their press or click', () => {
    expect(isUserChoice(1_000, 1_000)).toBe(true);
    expect(isUserChoice(1_000, 2_000)).toBe(true);
    expect(isUserChoice(1_000, 2_001)).toBe(false);
    // No input yet: a fold the layout makes while the page loads is not remembered.
    expect(isUserChoice(Number.NEGATIVE_INFINITY, 5_000)).toBe(false);
  });
});
