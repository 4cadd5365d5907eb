import { useCompany } from './resources';
import { useSession } from './session';

/**
 * The currency of the company the user works in, for amounts whose answer does not name one
 * (expenses): null until it is known, so nothing is shown in a currency the company may not use.
 */
export function useCompanyCurrency(): string | null {
  const { company } = useSession();
  const detail = useCompany(company?.id);
  return detail.data?.company.currency?.toUpperCase() ?? null;
}
