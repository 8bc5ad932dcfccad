import { LOG_MESSAGES } from '@core/api/gate-log-messages';
import { NOTIFICATION_SCROLL_THRESHOLD_PX } from '@core/constants';
import { Popover, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type UIEvent, useEffect, useId, useRef, useState } from 'react';
import { notificationsQuery, useNotifications } from '../../api/gate-log';
import { BellButton } from './bell-button';
import { MissedCalls } from './missed-calls';

const NotificationItems = lazy(async () => ({ default: (await import('./notification-items')).NotificationItems }));

const nearBottom = (el: HTMLElement) =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= NOTIFICATION_SCROLL_THRESHOLD_PX;

/**
 * 'Recent Activities': the user's own gate events and their visitors' arrivals, 10 at a time, more
 * on scroll; an event at a property other than `propertyId` (the user's) says so. Mounted open by
 * the bell's first press; `focusButton`: that press left focus on the button this one replaces.
 */
export function NotificationPanel({
  userId,
  propertyId,
  focusButton,
  missedCalls,
}: {
  userId: string;
  propertyId: string | null;
  focusButton: boolean;
  /** A resident's bell lists their missed calls from the gates first. */
  missedCalls: boolean;
}) {
  const [opened, setOpened] = useState(true);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusButton) button.current?.focus();
  }, [focusButton]);
  const titleId = useId();
  const [now, setNow] = useState(() => new Date());
  useInterval(() => setNow(new Date()), 30_000, { autoInvoke: true });
  const queryClient = useQueryClient();
  const notifications = useNotifications(userId, opened);
  const logs = notifications.data?.pages.flatMap((page) => page.logs) ?? [];

  const toggle = () => {
    if (!opened) {
      setNow(new Date());
      void queryClient.resetQueries({ queryKey: notificationsQuery(userId).queryKey });
    }
    setOpened(!opened);
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (nearBottom(event.currentTarget) && notifications.hasNextPage && !notifications.isFetchingNextPage) {
      void notifications.fetchNextPage();
    }
  };
  const status = (text: string) => (
    <Text size="sm" c="dimmed" ta="center" py="sm">
      {text}
    </Text>
  );

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(380px, calc(100vw - 16px))"
      shadow="md"
    >
      <Popover.Target>
        <BellButton ref={button} opened={opened} onClick={toggle} />
      </Popover.Target>
      <Popover.Dropdown p={0} aria-labelledby={titleId}>
        <Text id={titleId} fw={700} px="sm" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          {LOG_MESSAGES.recentActivities}
        </Text>
        {/* Focusable and named, so the list scrolls from the keyboard too (axe scrollable-region-focusable). */}
        <div
          role="region"
          aria-label={LOG_MESSAGES.notificationList}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
          tabIndex={0}
          style={{ maxHeight: 'min(420px, 70vh)', overflowY: 'auto' }}
          onScroll={onScroll}
          data-testid="notification-list"
        >
          {missedCalls && opened && <MissedCalls now={now} />}
          {notifications.isPending && opened ? (
            status(LOG_MESSAGES.loadingNotifications)
          ) : logs.length === 0 ? (
            status(LOG_MESSAGES.noNotifications)
          ) : (
            <Suspense fallback={status(LOG_MESSAGES.loadingNotifications)}>
              <NotificationItems logs={logs} now={now} propertyId={propertyId} />
            </Suspense>
          )}
          {notifications.isFetchingNextPage && status(LOG_MESSAGES.loadingMore)}
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}
