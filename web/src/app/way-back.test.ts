import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { retryHelps, wayBack } from './way-back';

describe('what a failed load offers', () => {
  it('offers Retry where asking again may help: no connection, a timeout, too many requests, a server failure', () => {
    expect(retryHelps(new ApiError(0, 'Failed to fetch'))).toBe(true);
    expect(retryHelps(new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [408, 429, 500, 502, 503]) expect(retryHelps(new ApiError(status, 'x'))).toBe(true);
  });

  it('offers no Retry for a record that does not exist, nor for a refusal', () => {
    for (const status of [400, 403, 404, 410, 422]) expect(retryHelps(new ApiError(status, 'x'))).toBe(false);
  });

  it("sends the reader back to the list the record belongs to, never to the missing record's own page", () => {
    expect(wayBack('/user/labels/01NOPE')).toEqual({ href: '/user/labels', text: 'Back to Labels' });
    expect(wayBack('/user/labels/01NOPE/edit')).toEqual({ href: '/user/labels', text: 'Back to Labels' });
    expect(wayBack('/user/royalties/imports/01NOPE')).toEqual({ href: '/user/royalties', text: 'Back to Royalties' });
    expect(wayBack('/user/releases/01NOPE')?.href).toBe('/user/releases');
  });

  it('offers nothing where no page above lists anything', () => {
    expect(wayBack('/user')).toBeUndefined();
    expect(wayBack('/')).toBeUndefined();
  });
});
