import AppLayoutToolbar from '@cloudscape-design/components/app-layout-toolbar';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigation, useNavigationType } from 'react-router';
import { QuickAddProvider } from '../../pages/admin/reference/quick-add-provider';
import { useDocumentTitle } from '../page-title';
import { useRouteDef } from '../route-meta';
import { setNavCollapsed, useSession } from '../session';
import { AudioPlayerBar } from './audio-player-bar';
import { AppFooter } from './footer';
import { SiteHelpPanel } from './help-panel';
import { NotificationsBar } from './notifications-bar';
import { RouteGuard } from './route-guard';
import { shellParts } from './shell-rules';
import { SideMenu } from './side-menu';
import { TopNav } from './top-nav';
import { userJustActed } from './user-choice';

const CompanyChooser = lazy(() => import('./company-chooser').then((m) => ({ default: m.CompanyChooser })));

/** The base layout route: header, side menu, notifications, help panel, footer and the page (<Outlet/>). */
export function Shell() {
  const { user, siteHelp, navCollapsed, companyChooserOpen } = useSession();
  const route = useRouteDef();
  useDocumentTitle(route?.title);
  const location = useLocation();
  const navigation = useNavigation();
  const [toolsOpen, setToolsOpen] = useState(false);
  const parts = shellParts(route?.name, location.pathname);
  const navigationType = useNavigationType();
  const shownPath = useRef(location.pathname);
  // A new page opens at its top (a label saved from the bottom of its form opens its page at the heading);
  // Back and Forward keep where the browser puts them, as do links to a part of a page (#…).
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    if (navigationType !== 'POP' && !location.hash) window.scrollTo(0, 0);
  }, [location.pathname, location.hash, navigationType]);
  const showMenu = parts.sideMenu && Boolean(user);

  return (
    <>
      {parts.header ? (
        <div id="app-header" className="app-header" data-testid="app-header">
          <TopNav />
        </div>
      ) : null}
      {navigation.state === 'loading' ? <div className="route-loading" aria-hidden="true" /> : null}
      <AppLayoutToolbar
        headerSelector={parts.header ? '#app-header' : undefined}
        navigationHide={!showMenu}
        navigation={showMenu ? <SideMenu collapsed={navCollapsed} /> : undefined}
        navigationOpen={!navCollapsed}
        navigationCloseBehavior="collapse"
        onNavigationChange={({ detail }) => setNavCollapsed(!detail.open, userJustActed())}
        notifications={<NotificationsBar />}
        stickyNotifications
        tools={<SiteHelpPanel routeName={route?.name} />}
        toolsHide={!siteHelp}
        toolsOpen={siteHelp && toolsOpen}
        onToolsChange={({ detail }) => setToolsOpen(detail.open)}
        ariaLabels={{
          navigation: 'Side menu',
          navigationClose: 'Collapse side menu',
          navigationToggle: 'Expand side menu',
          notifications: 'Notifications',
          tools: 'Help panel',
          toolsClose: 'Close help panel',
          toolsToggle: 'Open help panel',
        }}
        content={
          <div className="page-frame">
            <div className="page-main">
              <RouteGuard>
                <QuickAddProvider>
                  <Outlet />
                </QuickAddProvider>
              </RouteGuard>
            </div>
            <AppFooter />
          </div>
        }
      />
      <AudioPlayerBar />
      {companyChooserOpen ? (
        <Suspense fallback={null}>
          <CompanyChooser />
        </Suspense>
      ) : null}
    </>
  );
}
