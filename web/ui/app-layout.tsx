import { AppShell, Burger, Button, Group, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, NavLink as RouterNavLink, useLocation } from 'react-router';
import { useSession } from '../auth/session';
import { HeaderTitle } from './header-title';
import { navItemsFor } from './nav-items';
import { NotificationBell } from './notification-bell/notification-bell';
import { SiteFooter } from './site-footer';

/** Header, menu (a toggle on small screens) and footer around every screen. */
export function AppLayout() {
  const { session, signOut } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const items = session.status === 'authenticated' ? navItemsFor(session.claims.role) : [];
  const hasMenu = items.length > 0;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={hasMenu ? { width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined}
      padding="md"
    >
      <AppShell.Header bg="teal.9" px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {hasMenu && (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                color="white"
                aria-label="Toggle menu"
              />
            )}
            <HeaderTitle />
          </Group>
          {session.status === 'authenticated' && <NotificationBell userId={session.claims.UID} />}
          {hasMenu && (
            <Button variant="white" color="teal" size="xs" onClick={signOut} visibleFrom="xs">
              Logout
            </Button>
          )}
        </Group>
      </AppShell.Header>
      {hasMenu && (
        <AppShell.Navbar p="xs" aria-label="Main menu">
          <AppShell.Section grow component={ScrollArea}>
            {items.map((item) => (
              <NavLink
                key={item.to}
                component={RouterNavLink}
                to={item.to}
                end
                label={item.label}
                active={location.pathname === item.to}
                onClick={close}
              />
            ))}
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <div style={{ flex: 1 }}>
          <Outlet />
        </div>
        <SiteFooter />
      </AppShell.Main>
    </AppShell>
  );
}
