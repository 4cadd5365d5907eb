import { describe, expect, it } from 'vitest';
import { lengthShown } from './recording-length';

describe('a recording’s length on screen', () => {
  it('shows "-" while no length is known (no audio read, none typed), and the length once there is one', () => {
    expect(lengthShown('00:00:00')).toBe('-');
    expect(lengthShown('')).toBe('-');
    expect(lengthShown(null)).toBe('-');
    expect(lengthShown(undefined)).toBe('-');
    expect(lengthShown('00:03:41')).toBe('00:03:41');
  });
});
