import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../app/api';
import {
  emptyUserValues,
  roleLabel,
  statusText,
  toUserPayload,
  userDeleteFailure,
  validateUserForm,
} from './user-model';

describe('admin user form', () => {
  it('defaults the role to user', () => {
    expect(emptyUserValues().role).toBe('user');
  });

  it('requires name and a valid e-mail to invite, but not the e-mail on edit', () => {
    expect(validateUserForm({ ...emptyUserValues(), email: 'bad' }, true)).toEqual({
      name: 'Name is required',
      email: 'This field must be a valid email',
    });
    expect(validateUserForm({ ...emptyUserValues(), name: 'A' }, true)).toEqual({ email: 'Email is required' });
    expect(validateUserForm({ ...emptyUserValues(), name: 'A' }, false)).toEqual({});
  });

  it('invites with name, e-mail and role; edits name, role, active and frozen', () => {
    const values = { name: ' Ann ', email: ' Ann@X.test ', role: 'intern' as const, active: false, frozen: true };
    expect(toUserPayload(values, true)).toEqual({ name: 'Ann', email: 'ann@x.test', role: 'intern' });
    expect(toUserPayload(values, false)).toEqual({ name: 'Ann', role: 'intern', active: false, frozen: true });
  });

  it('labels roles', () => {
    expect(roleLabel('label_manager')).toBe('Label manager');
  });
});

describe('user delete failure (the response status text)', () => {
  it('shows the status text, keeping the server reason as a detail', () => {
    const failure = userDeleteFailure(new ApiError(409, 'You cannot delete your own account'));
    expect(failure.message).toBe('Conflict');
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).errors).toEqual({ reason: ['You cannot delete your own account'] });
    expect(userDeleteFailure(new ApiError(404, 'User not found')).message).toBe('Not Found');
    expect(statusText(418)).toBe('HTTP 418');
  });
});
