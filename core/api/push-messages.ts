/** Words of Web Push: the routes' answers and the notifications' sentences. */
export const PUSH_MESSAGES = {
  subscribed: 'Notifications are on for this device',
  removed: 'Notifications are off for that device',
  endpointMissing: 'Endpoint is required.',
  endpointNotUrl: 'Endpoint must be a web address (https://…).',
  endpointNotHttps: 'Endpoint must be an https:// address.',
  keysMissing: 'Keys are required: p256dh and auth.',
  fieldMissing: (field: string) => `${field} is required.`,
  notBase64url: (field: string) => `${field} must be base64url text.`,
  notificationTitle: 'Gatehouse',
  visitorArrived: (firstName: string, gate: string) => `Your visitor ${firstName} arrived at ${gate}`,
  deliveryUsed: (who: string, gate: string) => `Your delivery pass for ${who} was used at ${gate}`,
  deviceOffline: (device: string, property: string) => `${device} at ${property} is offline`,
  deviceOnline: (device: string, property: string) => `${device} at ${property} is back online`,
} as const;
