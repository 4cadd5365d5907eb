import { createBrowserRouter, type RouteObject } from 'react-router';
import { Shell } from './layout/shell';
import { PageSpinner, RouteError } from './layout/route-states';
import { setNavigator } from './navigation';
import { loadComingSoon, PAGES } from './pages';
import type { RouteHandle } from './route-meta';
import { ROUTE_TABLE } from './route-table';

/** One base layout route (the shell with its <Outlet/>) holding every route of the table, each lazily loaded. */
const routes: RouteObject[] = [
  {
    element: <Shell />,
    hydrateFallbackElement: <PageSpinner />,
    children: ROUTE_TABLE.map((route) => ({
      path: route.path,
      handle: { route } satisfies RouteHandle,
      errorElement: <RouteError />,
      lazy: async () => ({ Component: await (route.page ? PAGES[route.page] : loadComingSoon)() }),
    })),
  },
];

export const router = createBrowserRouter(routes);

setNavigator((to, options) => void router.navigate(to, options));
