import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { checkRoute } from '../guards';
import { notify } from '../notifications';
import { pagePermission } from '../page-permissions';
import { useRouteDef } from '../route-meta';
import { useSession } from '../session';
import { AccessDenied } from '../../components/access-denied';
import { ChooseCompanyPanel } from './choose-company-panel';
import { AcrossCompanies, acrossCompaniesPage } from '../../pages/admin/across-companies-pages';

/** Applies the route guards before a page renders; admin content never renders for others. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const route = useRouteDef();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, company } = useSession();
  const path = `${location.pathname}${location.search}`;
  const decision = route
    ? checkRoute({
        access: route.access,
        tenantized: route.tenantized,
        loggedIn: Boolean(user),
        role: user?.role,
        hasCompany: Boolean(company),
        companyRole: company?.role,
        permission: route.tenantized ? pagePermission(route.path) : null,
        path,
      })
    : ({ action: 'allow' } as const);

  // The decision as plain values (the decision object itself is new every render): no message
  // when allowed, and a target only when redirecting.
  const message = decision.action === 'allow' || decision.action === 'choose-company' ? null : decision.message;
  const redirectTo = decision.action === 'redirect' ? decision.to : null;
  // One reaction per navigation and decision.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger, not an input: every navigation reacts once, also a second visit to the same path.
  useEffect(() => {
    if (message === null) return;
    // A redirect without a message (an artist user sent to their own dashboard) is not an error.
    if (message) notify('error', message);
    if (redirectTo !== null) navigate(redirectTo, { replace: true });
  }, [location.key, message, redirectTo, navigate]);

  if (decision.action === 'allow') return <>{children}</>;
  if (decision.action === 'choose-company') {
    // A list of one company's records shows every company's to an admin with none chosen, and still offers the choice.
    const list = acrossCompaniesPage(route?.page, location.pathname);
    const ask = <ChooseCompanyPanel title={route?.title ?? 'This page'} belowList={Boolean(list)} />;
    return list ? <AcrossCompanies list={list}>{ask}</AcrossCompanies> : ask;
  }
  if (decision.action === 'deny') return <AccessDenied message={decision.message} />;
  return null;
}
