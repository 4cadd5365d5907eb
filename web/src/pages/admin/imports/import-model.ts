import { listPath, type ListParams } from '../../../app/list-params';

/** A row of GET /imports (spec 3 §3.12: user_id, filename, filesize, records, type). */
export type ImportRow = {
  id: string;
  user_id: string;
  user_name: string;
  user_email: string;
  filename: string;
  filesize: number;
  records: number;
  type: string;
  created_at: string;
};

export const IMPORTS_BASE = '/imports';

/** Whose imports a page lists: one user's (the admin's user page) or everyone's (AdminImports). */
export type ImportsScope = { userId: string } | { everyone: true };

export const importsPath = (params: ListParams, scope: ImportsScope) =>
  listPath(IMPORTS_BASE, params, 'userId' in scope ? { user_id: scope.userId } : { all: 'true' });

export const IMPORTS_DEFAULT_SORT = { field: 'created_at', order: 'desc' } as const;
