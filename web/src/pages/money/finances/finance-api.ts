import { useApi } from '../../../app/resources';
import { periodQuery, type Period } from './finance-model';
import type {
  AccountFinances,
  AdminDashboard,
  FinancesView,
  LabelAccounting,
  UserDashboard,
} from '../../../../../shared/schemas/finance-views';

/**
 * Every finances call the SPA makes, in one place: when a path or an answer's
 * shape changes, this is the one file to change.
 */
const enc = encodeURIComponent;

/** Whose finances a page shows; each is one GET of the finances area. */
export type FinancesSource = { type: 'company' } | { type: 'company_id'; id: string } | { type: 'label'; id: string };

/** The path of a finances view for a period. */
function financesPath(source: FinancesSource, period: Period): string {
  const q = periodQuery(period);
  switch (source.type) {
    case 'company':
      return `/company/finances?${q}`;
    case 'company_id':
      return `/companies/${enc(source.id)}/finances?${q}`;
    case 'label':
      return `/labels/${enc(source.id)}/finances?${q}`;
  }
}

/** A finances view; `companyId` reads it as that company (an admin's view of another company). */
export const useFinances = (source: FinancesSource | null, period: Period, companyId?: string) =>
  useApi<{ finances: FinancesView }>(
    source ? financesPath(source, period) : null,
    { keepPreviousData: true },
    companyId,
  );

/** A label's accounting; `companyId` reads it as the label's company (an admin's distribution page). */
export const useLabelAccounting = (labelId: string | null, period: Period, companyId?: string) =>
  useApi<{ accounting: LabelAccounting }>(
    labelId ? `/labels/${enc(labelId)}/accounting?${periodQuery(period)}` : null,
    { keepPreviousData: true },
    companyId,
  );

export const useAccountFinances = (type: 'Payee' | 'Artist', id: string, period: Period) =>
  useApi<{ finances: AccountFinances }>(
    `/${type === 'Payee' ? 'payees' : 'artists'}/${enc(id)}/finances?${periodQuery(period)}`,
    { keepPreviousData: true },
  );

export const useUserDashboard = (companyId: string | null, period: Period) =>
  useApi<{ user_dashboard: UserDashboard }>(
    companyId ? `/user_dashboard?company_id=${enc(companyId)}&${periodQuery(period)}` : null,
    { keepPreviousData: true },
  );

/** The platform's figures across companies (admins only). */
export const useAdminDashboard = (period: Period) =>
  useApi<{ dashboard: AdminDashboard }>(`/admin/dashboard?${periodQuery(period)}`, { keepPreviousData: true });
