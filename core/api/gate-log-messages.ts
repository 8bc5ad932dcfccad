// Texts of the gate-log screen and the bell (docs/SPEC.md §2, §5, §8); apart from the schemas, so the
// header's bell does not bring zod into every page's first download.
export const LOG_MESSAGES = {
  insufficientPermissions: 'Insufficient permissions to view logs',
  propertyRequired: 'Property selection is required',
  failedToFetchLogs: 'Failed to fetch logs',
  failedToFetchProperties: 'Failed to fetch properties',
  noLogs: 'No logs found for the selected criteria',
  logsFetched: 'Logs fetched successfully',
  allProperties: 'All Properties',
  exportCsv: 'Export CSV',
  recentActivities: 'Recent Activities',
  loadingNotifications: 'Loading notifications...',
  noNotifications: 'No notifications yet',
  loadingMore: 'Loading more...',
  gateActivityRecorded: 'Gate activity recorded',
  /** The bell's scrollable list, named for keyboard and screen reader users. */
  notificationList: 'Recent activities list',
  elsewhere: (propertyName: string) => `At ${propertyName}, not your property`,
  elsewhereUnnamed: 'At another property, not your property',
  /** The page's total; an estimate says "about" so it never reads as a count. */
  eventCount: (total: number, exact: boolean) =>
    `${exact ? '' : 'about '}${total} ${total === 1 && exact ? 'event' : 'events'}`,
} as const;
