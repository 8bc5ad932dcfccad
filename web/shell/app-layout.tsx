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
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';

// Only signed-in people see the bell; its popover code stays out of the login page's download.
const NotificationBell = lazy(async () => ({
  default: (await import('../widgets/notification-bell/notification-bell')).NotificationBell,
}));

// Re-subscribing this device to push runs once after sign-in; its code stays out of the first load too.
const PushKeeper = lazy(async () => ({ default: (await import('./push-keeper')).PushKeeper }));

// A lockdown's banner above every screen; its end dialog stays out of the first load.
const LockdownNotice = lazy(async () => ({ default: (await import('./lockdown-notice')).LockdownNotice }));

// A call from a gate rings on every page; its WebRTC code loads only when a call is answered.
const IncomingCalls = lazy(async () => ({
  default: (await import('../widgets/intercom/incoming-calls')).IncomingCalls,
}));

const MENU_ID = 'main-menu';

/** Gates call a resident only where the property has the intercom: nobody else polls for rings. */
const isIntercomResident = (claims: { role: string; propertyFeatures: readonly string[] }) =>
  claims.role === 'resident' && claims.propertyFeatures.includes('intercom');

/** Header, menu (a toggle on small screens, with Logout in it) and footer around every screen. */
export function AppLayout() {
  const { session, signOut } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const items = session.status === 'authenticated' ? navItemsFor(session.claims.role) : [];
  const hasMenu = items.length > 0;

  return (
    <>
      <ScrollToTop />
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
            <NotificationBell
              userId={session.claims.UID}
              propertyId={session.claims.PID}
              missedCalls={isIntercomResident(session.claims)}
            />
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
          {session.status === 'authenticated' && session.claims.PID && (
            <Suspense fallback={null}>
              <LockdownNotice propertyId={session.claims.PID} />
            </Suspense>
          )}
          {session.status === 'authenticated' && (
            <Suspense fallback={null}>
              <PushKeeper />
            </Suspense>
          )}
          {session.status === 'authenticated' && isIntercomResident(session.claims) && (
            <Suspense fallback={null}>
              <IncomingCalls />
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
