import { Box, Burger, Button, Divider } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Outlet, NavLink as RouterNavLink } from 'react-router';
import { useSession } from '../auth/session';
import { LoadingScreen } from '../ui/loading-screen';
import classes from './app-layout.module.css';
import { HeaderTitle } from './header-title';
import { InstallHint } from './install-hint';
import { navItemsFor } from './nav-items';
import { OfflineNotice } from './offline-notice';
import { SiteFooter } from './site-footer';

// Only signed-in people see the bell; its popover code stays out of the login page's download.
const NotificationBell = lazy(async () => ({
  default: (await import('../widgets/notification-bell/notification-bell')).NotificationBell,
}));

// Re-subscribing this device to push runs once after sign-in; its code stays out of the first load too.
const PushKeeper = lazy(async () => ({ default: (await import('./push-keeper')).PushKeeper }));

const MENU_ID = 'main-menu';

/** Header, menu (a toggle on small screens, with Logout in it) and footer around every screen. */
export function AppLayout() {
  const { session, signOut } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const items = session.status === 'authenticated' ? navItemsFor(session.claims.role) : [];
  const hasMenu = items.length > 0;

  return (
    <>
      <header className={classes.header}>
        {hasMenu && (
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            size="sm"
            color="white"
            aria-label="Toggle menu"
            aria-expanded={opened}
            aria-controls={MENU_ID}
          />
        )}
        <HeaderTitle />
        {session.status === 'authenticated' && (
          <Suspense fallback={null}>
            <NotificationBell userId={session.claims.UID} propertyId={session.claims.PID} />
          </Suspense>
        )}
        {hasMenu && (
          <Button variant="white" color="teal" size="xs" onClick={signOut} visibleFrom="sm">
            Logout
          </Button>
        )}
      </header>
      <div className={classes.body}>
        {hasMenu && (
          <nav id={MENU_ID} aria-label="Main menu" className={classes.navbar} data-opened={opened || undefined}>
            {items.map((item) => (
              <RouterNavLink key={item.to} to={item.to} end className={classes.link} onClick={close}>
                {item.label}
              </RouterNavLink>
            ))}
            <Box hiddenFrom="sm">
              <Divider my="xs" />
              <Button variant="light" color="red" fullWidth onClick={signOut}>
                Logout
              </Button>
            </Box>
          </nav>
        )}
        <main className={classes.main}>
          <OfflineNotice />
          <InstallHint />
          {session.status === 'authenticated' && (
            <Suspense fallback={null}>
              <PushKeeper />
            </Suspense>
          )}
          <div className={classes.page}>
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          </div>
          <SiteFooter />
        </main>
      </div>
    </>
  );
}
