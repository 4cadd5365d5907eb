import { COMPANY_TAGS, type Role } from '../../../../../shared/constants';
import { canonicalTags } from '../../../../../shared/company-tags';
import type { AdminCompany, AdminCompanyRow } from '../../../../../shared/schemas/company-views';
import { currencyProblem } from '../../../../../shared/schemas/currency';
import { rules, validate } from '../../../components/form-rules';
import { keptRows, type NestedRow } from '../../../components/nested-rows';

export type CompanyFormValues = {
  name: string;
  email: string;
  tags: string[];
  distributed: boolean;
  /** Kept as typed; a number on save. */
  deal_percentage: string;
  registration_number: string;
  vat_number: string;
  vat_registered: boolean;
  currency: string;
  /** The company as a CWR sender (docs/cwr.md). */
  ipi_name_number: string;
  cwr_sender_code: string;
  /** The plan the company is on (admin plan picker); blank keeps what it has (Enterprise for a new one). */
  subscription_id: string;
};

/** A company-user row of the edit form: the user (id, and name/e-mail to show) and their role. */
export type CompanyUserRow = { user_id: string; name: string; email: string; role: Role | '' };

export function emptyCompanyValues(): CompanyFormValues {
  return {
    name: '',
    email: '',
    tags: [],
    distributed: false,
    deal_percentage: '',
    registration_number: '',
    vat_number: '',
    vat_registered: false,
    currency: '',
    ipi_name_number: '',
    cwr_sender_code: '',
    subscription_id: '',
  };
}

export function companyToValues(c: AdminCompanyRow): CompanyFormValues {
  return {
    name: c.name ?? '',
    email: c.email ?? '',
    tags: canonicalTags(c.tags ?? [], COMPANY_TAGS),
    distributed: c.distributed ?? false,
    deal_percentage: c.deal_percentage === undefined || c.deal_percentage === null ? '' : String(c.deal_percentage),
    registration_number: c.registration_number ?? '',
    vat_number: c.vat_number ?? '',
    vat_registered: c.vat_registered ?? false,
    currency: c.currency ?? '',
    ipi_name_number: c.ipi_name_number ?? '',
    cwr_sender_code: c.cwr_sender_code ?? '',
    subscription_id: c.subscription_id ?? '',
  };
}

/** The saved members as nested rows (keyed by user id, so a removed one can be undone). */
export const companyUserRows = (company: AdminCompany | undefined) =>
  (company?.company_users ?? []).map((m) => ({
    id: m.user_id,
    user_id: m.user_id,
    name: m.name,
    email: m.email,
    role: m.role as CompanyUserRow['role'],
  }));

export function validateCompanyForm(values: CompanyFormValues): Record<string, string> {
  return validate(values, {
    name: [rules.required('Name')],
    email: [rules.email()],
    deal_percentage: [rules.dealPercentage()],
    currency: [(value: unknown) => currencyProblem('Currency', String(value ?? ''))],
  });
}

/** Errors of the company-user rows, keyed `company_users.<row key>.<field>` (removed rows are not checked). */
export function validateCompanyUsers(rows: readonly NestedRow<CompanyUserRow>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.destroyed) continue;
    const { user_id: userId, role } = row.values;
    if (!userId) errors[`company_users.${row.key}.user_id`] = 'User is required';
    else if (seen.has(userId)) errors[`company_users.${row.key}.user_id`] = 'This user is already in the company';
    if (!role) errors[`company_users.${row.key}.role`] = 'Role is required';
    if (userId) seen.add(userId);
  }
  return errors;
}

/** The company's fields as POST/PATCH /admin/companies takes them; blanks are left out or cleared. */
export function toCompanyPayload(values: CompanyFormValues) {
  const deal = values.deal_percentage.trim();
  const currency = values.currency.trim().toUpperCase();
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    tags: canonicalTags(values.tags, COMPANY_TAGS),
    distributed: values.distributed,
    ...(deal === '' ? {} : { deal_percentage: Number(deal) }),
    registration_number: values.registration_number.trim(),
    vat_number: values.vat_number.trim(),
    vat_registered: values.vat_registered,
    ...(currency ? { currency } : {}),
    ipi_name_number: values.ipi_name_number.trim(),
    cwr_sender_code: values.cwr_sender_code.trim().toUpperCase(),
    ...(values.subscription_id ? { subscription_id: values.subscription_id } : {}),
  };
}

/**
 * PATCH's `company_users`: the FULL list of members to keep. Rows marked for deletion are left
 * out (so the server removes them); removed unsaved rows are already gone; undone rows stay.
 */
export function companyUsersPayload(rows: readonly NestedRow<CompanyUserRow>[]): { user_id: string; role: Role }[] {
  return keptRows(rows)
    .filter((row) => row.user_id && row.role)
    .map((row) => ({ user_id: row.user_id, role: row.role as Role }));
}

export type ClientListParams = {
  q: string;
  sortField: keyof AdminCompanyRow;
  descending: boolean;
  page: number;
  perPage: number;
};

/** The companies list is fetched whole; searching, sorting and paging happen here. */
export function filterSortPage(
  rows: readonly AdminCompanyRow[],
  p: ClientListParams,
): { items: AdminCompanyRow[]; total: number; pages: number } {
  const q = p.q.trim().toLowerCase();
  const matched = q
    ? rows.filter((c) =>
        [c.name, c.email, c.registration_number, c.vat_number, ...(c.tags ?? [])].some((v) =>
          v?.toLowerCase().includes(q),
        ),
      )
    : [...rows];
  const value = (c: AdminCompanyRow) => c[p.sortField];
  matched.sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    const order =
      typeof x === 'number' || typeof y === 'number'
        ? Number(x ?? -1) - Number(y ?? -1)
        : String(x ?? '').localeCompare(String(y ?? ''), undefined, { sensitivity: 'base' });
    return p.descending ? -order : order;
  });
  const pages = Math.max(1, Math.ceil(matched.length / p.perPage));
  const page = Math.min(Math.max(1, p.page), pages);
  return { items: matched.slice((page - 1) * p.perPage, page * p.perPage), total: matched.length, pages };
}
