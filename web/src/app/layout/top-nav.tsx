import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TopNavigation, { type TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { APP_VERSION } from '../../../../shared/constants';
import { openCompanyChooser, toggleAdminFeatures, toggleSiteHelp, useSession } from '../session';
import { dashboardPath } from '../session-rules';
import { useOnFollow } from '../use-on-follow';
import { useMayOpen } from '../use-may-open';

/**
 * TopNavigation renders its search slot twice: the real one and a hidden (aria-hidden) copy it
 * measures for responsiveness. Test ids are removed from the hidden copy so they stay unique.
 */
function UniqueTestIds({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element?.closest('[aria-hidden="true"]')) return;
    for (const node of element.querySelectorAll('[data-testid]')) node.removeAttribute('data-testid');
  });
  return (
    <span ref={ref} style={{ display: 'contents' }}>
      {children}
    </span>
  );
}

const NOTICES_COUNT_SELECTOR = 'a[href="/user/messages"][aria-label^="Notices"]';

/**
 * TopNavigation's utility buttons take no test id, so the notices count (a utility) gets one
 * here, on the visible copy only. A MutationObserver re-applies it whenever TopNavigation
 * redraws its utilities by itself (it does on resize, without TopNav re-rendering).
 */
function useNoticesCountTestId(ref: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const tag = () => {
      for (const node of root.querySelectorAll<HTMLElement>(NOTICES_COUNT_SELECTOR)) {
        if (node.closest('[aria-hidden="true"]')) continue;
        if (node.getAttribute('data-testid') !== 'header-notices-count')
          node.setAttribute('data-testid', 'header-notices-count');
      }
    };
    tag();
    const observer = new MutationObserver(tag);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [ref]);
}

/** The current company (links to UserCompany) with the refresh icon that opens Choose Current Company. */
function CurrentCompany() {
  const { company, user } = useSession();
  const onFollow = useOnFollow();
  // An artist user is in no company (docs/artist-portal.md): nothing to choose.
  if (user?.role === 'artist_user') return null;
  if (!company) {
    return (
      <Button variant="link" onClick={() => openCompanyChooser()} data-testid="header-set-company">
        Set Current Company
      </Button>
    );
  }
  return (
    <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
      <Link
        href={`/user/companies/${encodeURIComponent(company.id)}`}
        onFollow={onFollow}
        data-testid="header-company-link"
      >
        {company.name}
      </Link>
      <Button
        variant="icon"
        iconName="refresh"
        ariaLabel="Choose current company"
        onClick={() => openCompanyChooser()}
        data-testid="header-company-refresh"
      />
    </SpaceBetween>
  );
}

/** The header. */
export function TopNav() {
  const { user, adminFeatures, siteHelp } = useSession();
  const navigate = useNavigate();
  const onFollow = useOnFollow();
  const mayOpen = useMayOpen();
  const follow = (event: { preventDefault(): void; detail: { href?: string } }) => onFollow(event);
  const navRef = useRef<HTMLDivElement>(null);
  useNoticesCountTestId(navRef);

  let utilities: TopNavigationProps.Utility[];
  if (!user) {
    utilities = [{ type: 'button', text: 'Sign In', href: '/signin', onFollow: follow, iconName: 'user-profile' }];
  } else {
    const notices = user.notices_count;
    utilities = [
      { type: 'button', text: 'Dashboard', href: dashboardPath(user.role), onFollow: follow, iconName: 'grid-view' },
      // Artist users create nothing: they read their artist's figures only; a member whose company role may not
      // change the catalogue is not offered a release they could not save.
      ...(user.role === 'artist_user' || !mayOpen('/user/releases/new')
        ? []
        : [
            {
              type: 'button',
              text: 'Create New Release',
              href: '/user/releases/new',
              onFollow: follow,
              iconName: 'add-plus',
            } satisfies TopNavigationProps.ButtonUtility,
          ]),
      ...(user.role === 'admin'
        ? [
            {
              type: 'menu-dropdown',
              text: 'Admin',
              iconName: 'settings',
              items: [
                { id: 'admin-menu-dashboard', text: 'Admin Dashboard', href: '/admin' },
                { id: 'admin-menu-distribution', text: 'Distribution', href: '/distribution' },
                {
                  id: 'admin-menu-toggle-features',
                  text: adminFeatures ? 'Disable Admin Features' : 'Enable Admin Features',
                },
                {
                  id: 'admin-menu-records',
                  text: 'Records',
                  items: [
                    { id: 'admin-menu-users', text: 'Users', href: '/admin/users' },
                    { id: 'admin-menu-companies', text: 'Companies', href: '/admin/companies' },
                    { id: 'admin-menu-labels', text: 'Labels', href: '/admin/labels' },
                  ],
                },
              ],
              onItemClick: ({ detail }) => {
                if (detail.id === 'admin-menu-toggle-features') toggleAdminFeatures();
              },
              onItemFollow: (event) => follow(event),
            } satisfies TopNavigationProps.MenuDropdownUtility,
          ]
        : []),
      {
        type: 'button',
        iconName: 'notification',
        text: String(notices),
        ariaLabel: `Notices: ${notices}`,
        title: 'Notices',
        badge: notices > 0,
        href: '/user/messages',
        onFollow: follow,
      },
      {
        type: 'menu-dropdown',
        text: `Hi ${user.name}`,
        description: user.email,
        iconName: 'user-profile',
        items: [
          { id: 'user-menu-inbox', text: 'Inbox', href: '/user/messages' },
          { id: 'user-menu-profile', text: 'User Profile', href: '/user/profile' },
          { id: 'user-menu-exports', text: 'Exports', href: '/user/profile/exports' },
          { id: 'user-menu-help', text: siteHelp ? 'Disable Site Help' : 'Enable Site Help' },
          { id: 'user-menu-signout', text: 'Sign Out' },
          { id: 'user-menu-version', text: `Version ${APP_VERSION}`, href: '/changelog' },
        ],
        onItemClick: ({ detail }) => {
          if (detail.id === 'user-menu-help') toggleSiteHelp();
          if (detail.id === 'user-menu-signout') navigate('/signout');
        },
        onItemFollow: (event) => follow(event),
      },
    ];
  }

  return (
    <div ref={navRef} style={{ display: 'contents' }}>
      <TopNavigation
        identity={{
          href: '/',
          title: 'Label Platform',
          onFollow: (event) => {
            event.preventDefault();
            navigate('/');
          },
        }}
        search={
          user ? (
            <UniqueTestIds>
              <CurrentCompany />
            </UniqueTestIds>
          ) : undefined
        }
        utilities={utilities}
        i18nStrings={{
          // On a narrow screen the current company (the search slot) folds into an icon-only button: name it.
          searchIconAriaLabel: 'Current company',
          searchDismissIconAriaLabel: 'Close current company',
          overflowMenuTriggerText: 'More',
          overflowMenuTitleText: 'All',
          overflowMenuBackIconAriaLabel: 'Back',
          overflowMenuDismissIconAriaLabel: 'Close menu',
        }}
      />
    </div>
  );
}
