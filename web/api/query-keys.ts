import type { LogFilter } from '@core/api/gate-log';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Every cached query's key, grouped under one root per kind of record. A change names the kind it
 * touched, and `refreshAfterChange` refetches every root that shows that kind, whichever screen
 * asked for it: a visitor edited on the dashboard refreshes the resident's Visitor List too.
 */
export const queryKeys = {
  users: {
    all: ['users'] as const,
    list: (filter: object) => ['users', 'list', filter] as const,
    profile: (userId: string) => ['users', 'profile', userId] as const,
  },
  visitors: {
    all: ['visitors'] as const,
    list: (filter: object) => ['visitors', 'list', filter] as const,
    mine: () => ['visitors', 'mine'] as const,
    past: () => ['visitors', 'past'] as const,
    codes: (visitorId: string) => ['visitors', 'codes', visitorId] as const,
    passLink: (qrId: string) => ['visitors', 'pass-link', qrId] as const,
  },
  properties: {
    all: ['properties'] as const,
    list: () => ['properties', 'list'] as const,
    byId: (propertyId: string) => ['properties', 'by-id', propertyId] as const,
  },
  devices: {
    all: ['devices'] as const,
    byProperty: (propertyId: string | undefined, page = 1) =>
      ['devices', 'by-property', propertyId ?? 'all', page] as const,
    gates: () => ['devices', 'gates'] as const,
  },
  gateLogs: {
    all: ['relay-logs'] as const,
    list: (propertyId: string | null, filter: LogFilter, page: number) =>
      ['relay-logs', 'list', propertyId, filter, page] as const,
    notifications: (userId: string) => ['relay-logs', 'notifications', userId] as const,
  },
  cards: {
    all: ['cards'] as const,
    byProperty: (propertyId: string) => ['cards', propertyId] as const,
  },
  lockdowns: {
    all: ['lockdowns'] as const,
    byProperty: (propertyId: string) => ['lockdowns', propertyId] as const,
  },
  accessGroups: {
    all: ['access-groups'] as const,
    byProperty: (propertyId: string) => ['access-groups', propertyId] as const,
  },
  activity: {
    all: ['activity'] as const,
    list: (filter: object, page: number) => ['activity', 'list', filter, page] as const,
    actors: (propertyId: string | null) => ['activity', 'actors', propertyId] as const,
  },
  apiKeys: {
    all: ['api-keys'] as const,
    byProperty: (propertyId: string) => ['api-keys', propertyId] as const,
  },
  webhooks: {
    all: ['webhooks'] as const,
    byProperty: (propertyId: string) => ['webhooks', propertyId] as const,
    deliveries: (webhookId: string) => ['webhooks', 'deliveries', webhookId] as const,
  },
  deliveryPasses: ['delivery-passes'] as const,
  resetToken: (token: string) => ['reset-token', token] as const,
};

export type ChangedRecord =
  | 'user'
  | 'visitor'
  | 'property'
  | 'device'
  | 'card'
  | 'lockdown'
  | 'accessGroup'
  | 'apiKey'
  | 'webhook';

/** Which roots show each kind of record (a user's visitors, a property's name in every list, a device in the logs). */
export const STALE_AFTER: Record<ChangedRecord, readonly QueryKey[]> = {
  user: [
    queryKeys.users.all,
    queryKeys.visitors.all,
    queryKeys.gateLogs.all,
    queryKeys.cards.all,
    queryKeys.accessGroups.all,
  ],
  visitor: [queryKeys.visitors.all, queryKeys.users.all, queryKeys.gateLogs.all],
  property: [
    queryKeys.properties.all,
    queryKeys.users.all,
    queryKeys.visitors.all,
    queryKeys.devices.all,
    queryKeys.gateLogs.all,
  ],
  device: [queryKeys.devices.all, queryKeys.gateLogs.all, queryKeys.accessGroups.all],
  card: [queryKeys.cards.all],
  lockdown: [queryKeys.lockdowns.all, queryKeys.gateLogs.all],
  // A group's members see other gates (Gates) and the Users list shows their groups.
  accessGroup: [queryKeys.accessGroups.all, queryKeys.users.all, queryKeys.devices.all],
  apiKey: [queryKeys.apiKeys.all, queryKeys.activity.all],
  webhook: [queryKeys.webhooks.all],
};

/**
 * Refetches every query a change made stale. In-flight fetches are cancelled first: invalidating a
 * query whose first fetch is still running joins that fetch, so a list request sent before the
 * change committed would land afterwards and show the old rows again.
 */
export function refreshAfterChange(queryClient: QueryClient, changed: ChangedRecord) {
  return Promise.all(
    STALE_AFTER[changed].map(async (queryKey) => {
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    }),
  );
}
