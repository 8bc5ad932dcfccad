import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { profileQuery } from './accounts';
import { userListQuery, visitorListQuery } from './dashboard';
import { devicesByPropertyQuery, gateDevicesQuery } from './devices';
import { logsQuery, notificationsQuery } from './gate-log';
import { propertyByIdQuery } from './properties';
import { refreshAfterChange } from './query-keys';
import { visitorQrCodesQuery, visitorsQrQuery } from './visitors';

const filter = { page: 1, limit: 30 };
// The keys the screens really ask for, each from its own query factory.
const screens: Record<string, QueryKey> = {
  dashboardUsers: userListQuery(filter).queryKey,
  profile: profileQuery('u1').queryKey,
  dashboardVisitors: visitorListQuery(filter).queryKey,
  residentVisitorList: visitorsQrQuery().queryKey,
  visitorQrCodesPage: visitorQrCodesQuery('v1').queryKey,
  headerProperty: propertyByIdQuery('p1').queryKey,
  dashboardDevices: devicesByPropertyQuery('p1').queryKey,
  gates: gateDevicesQuery().queryKey,
  gateLogs: logsQuery({ propertyId: 'p1' }, { timezone: 'EST' }, 1).queryKey,
  bell: notificationsQuery('u1').queryKey,
};

async function refreshedScreens(change: Parameters<typeof refreshAfterChange>[1]): Promise<string[]> {
  const client = new QueryClient();
  for (const key of Object.values(screens)) client.setQueryData(key, { cached: true });
  await refreshAfterChange(client, change);
  return Object.keys(screens).filter((name) => client.getQueryState(screens[name])?.isInvalidated);
}

describe('one query-key scheme: a change on one screen refreshes every screen that shows it', () => {
  it('a visitor change reaches the dashboard, the resident Visitor List, the per-visitor page and users (visitor emails)', async () => {
    expect(await refreshedScreens('visitor')).toEqual([
      'dashboardUsers',
      'profile',
      'dashboardVisitors',
      'residentVisitorList',
      'visitorQrCodesPage',
      'gateLogs',
      'bell',
    ]);
  });

  it('a user change (dashboard edit, PIN refresh, phone) reaches the Profile and every user list', async () => {
    const refreshed = await refreshedScreens('user');
    expect(refreshed).toEqual(expect.arrayContaining(['dashboardUsers', 'profile', 'dashboardVisitors']));
    expect(refreshed).not.toContain('dashboardDevices');
  });

  it('a property change reaches the header, devices and every list naming the property', async () => {
    expect(await refreshedScreens('property')).toEqual(Object.keys(screens));
  });

  it('a device change reaches the device lists, the gates and the logs, nothing else', async () => {
    expect(await refreshedScreens('device')).toEqual(['dashboardDevices', 'gates', 'gateLogs', 'bell']);
  });
});
