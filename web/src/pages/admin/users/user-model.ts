import { DEFAULT_ROLE, ROLES, type Role } from '../../../../../shared/constants';
import type { AdminUser } from '../../../../../shared/schemas/user-views';
import { ApiError } from '../../../app/api';
import { displayLabel } from '../../../app/display-labels';
import { rules, validate } from '../../../components/form-rules';

export type UserFormValues = { name: string; email: string; role: Role; active: boolean; frozen: boolean };

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

/** "label_manager" → "Label manager", from the one dictionary of display labels. */
export function roleLabel(role: string): string {
  return displayLabel(role);
}

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

export function emptyUserValues(): UserFormValues {
  return { name: '', email: '', role: DEFAULT_ROLE, active: true, frozen: false };
}

export function userToValues(user: AdminUser): UserFormValues {
  return {
    name: user.name ?? '',
    email: user.email ?? '',
    role: isRole(user.role) ? user.role : DEFAULT_ROLE,
    active: user.active,
    frozen: user.frozen,
  };
}

/** Invite: name and e-mail required (the e-mail is the sign-in, so it cannot change on edit). */
export function validateUserForm(values: UserFormValues, isNew: boolean): Record<string, string> {
  return validate(values, {
    name: [rules.required('Name')],
    ...(isNew ? { email: [rules.required('Email'), rules.email()] } : {}),
  });
}

/** POST /admin/users takes { name, email, role }; PATCH takes { name, role, active, frozen }. */
export function toUserPayload(values: UserFormValues, isNew: boolean) {
  return isNew
    ? { name: values.name.trim(), email: values.email.trim().toLowerCase(), role: values.role }
    : { name: values.name.trim(), role: values.role, active: values.active, frozen: values.frozen };
}

const STATUS_TEXT: Record<number, string> = {
  0: 'Network Error',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The HTTP status text of a status code (a user delete failure shows it). */
export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? `HTTP ${status}`;
}

/** A user delete failure as the product shows it: the status text, with the server's reason as a detail line. */
export function userDeleteFailure(error: unknown): Error {
  if (!(error instanceof ApiError)) return error instanceof Error ? error : new Error(String(error));
  return new ApiError(
    error.status,
    statusText(error.status),
    error.message && error.message !== statusText(error.status) ? { reason: [error.message] } : undefined,
  );
}
