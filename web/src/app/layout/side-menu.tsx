import Badge from '@cloudscape-design/components/badge';
import Icon from '@cloudscape-design/components/icon';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { useLocation } from 'react-router';
import { useRouteDef } from '../route-meta';
import { useSession } from '../session';
import { useOnFollow } from '../use-on-follow';
import { activeMenuHref, sideMenuItems, type MenuEntry } from './side-menu-items';

const link = (entry: MenuEntry): SideNavigationProps.Link => ({
  type: 'link',
  text: entry.text,
  href: entry.href,
  icon: <Icon name={entry.icon} />,
  // What the company's plan lacks stays in the menu, marked with the plan that has it.
  ...(entry.upgrade
    ? {
        info: (
          <Badge color="blue" data-testid={`plan-badge-${entry.name}`}>
            {entry.upgrade}
          </Badge>
        ),
      }
    : {}),
});

/** The side menu with the product's visibility rules; collapses to an icon rail. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { user, company } = useSession();
  const route = useRouteDef();
  const { pathname } = useLocation();
  const onFollow = useOnFollow();
  const entries = sideMenuItems({ user, company, collapsed, isAdmin: user?.role === 'admin' });
  const userItems = entries.filter((e) => e.section === 'user').map(link);
  const adminItems = entries.filter((e) => e.section === 'admin').map(link);
  const items: SideNavigationProps.Item[] = adminItems.length
    ? [...userItems, { type: 'divider' }, ...adminItems]
    : userItems;
  return (
    <nav data-testid="side-menu" data-collapsed={collapsed}>
      <SideNavigation
        collapsed={collapsed}
        header={{ text: company?.name ?? 'Label Platform', href: '/user' }}
        activeHref={activeMenuHref(entries, route?.name, pathname)}
        items={items}
        onFollow={onFollow}
      />
    </nav>
  );
}
