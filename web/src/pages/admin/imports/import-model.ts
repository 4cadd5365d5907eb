import { listPath, type ListParams } from '../../../app/list-params';

export const IMPORTS_BASE = '/imports';

/** Whose imports a page lists: one user's (the admin's user page) or everyone's (AdminImports). */
export type ImportsScope = { userId: string } | { everyone: true };

export const importsPath = (params: ListParams, scope: ImportsScope) =>
  listPath(IMPORTS_BASE, params, 'userId' in scope ? { user_id: scope.userId } : { all: 'true' });

export const IMPORTS_DEFAULT_SORT = { field: 'created_at', order: 'desc' } as const;
