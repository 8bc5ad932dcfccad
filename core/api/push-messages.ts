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
  turnOn: 'Turn on notifications on this device',
  turningOnExplained: 'Your visitors arriving, your delivery passes used and, for managers, gates going offline.',
  notSupported:
    'This browser cannot show notifications. On an iPhone or iPad, add Gatehouse to your Home Screen first (Share → Add to Home Screen), then open it from there.',
  permissionDenied:
    'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  turnOnFailed: 'Could not turn on notifications on this device. Please try again.',
  listFailed: 'Could not load your devices.',
  noDevices: 'No device has notifications on yet.',
  thisDevice: 'This device',
  visitorArrived: (firstName: string, gate: string) => `Your visitor ${firstName} arrived at ${gate}`,
  deliveryUsed: (who: string, gate: string) => `Your delivery pass for ${who} was used at ${gate}`,
  deviceOffline: (device: string, property: string) => `${device} at ${property} is offline`,
  deviceOnline: (device: string, property: string) => `${device} at ${property} is back online`,
} as const;
