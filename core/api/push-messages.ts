/** Words of Web Push: the routes' answers and the notifications' sentences. */
export const PUSH_MESSAGES = {
  subscribed: 'Notifications are on for this device',
  removed: 'Notifications are off for that device',
  endpointMissing: 'Endpoint is required.',
  endpointNotUrl: 'Endpoint must be a web address (https://…).',
  endpointNotHttps: 'Endpoint must be an https:// address.',
  endpointNotPublic: 'Endpoint must be a push service on the internet, not a local, private or cloud metadata address.',
  keysMissing: 'Keys are required: p256dh and auth.',
  fieldMissing: (field: string) => `${field} is required.`,
  notBase64url: (field: string) => `${field} must be base64url text.`,
  notificationTitle: 'Gatehouse',
  turnOn: 'Turn on notifications on this device',
  turningOnExplained:
    'Your visitors arriving, your delivery passes used, a gate you opened not opening and, for managers, gates going offline, keypads locking and lockdowns.',
  notSupported:
    'This browser cannot show notifications. On an iPhone or iPad, add Gatehouse to your Home Screen first (Share → Add to Home Screen), then open it from there.',
  permissionDenied:
    'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  turnOnFailed:
    'This browser could not set up notifications, and trying again here will not change that. Use another browser (Chrome, Edge, Firefox or Safari), or turn on email or SMS notifications above.',
  listFailed: 'Could not load your devices.',
  noDevices: 'No device has notifications on yet.',
  /** Under the Push switch: what it does now, given the devices that have it. */
  switchOnDevices: 'On the devices listed below',
  switchNoDevice: 'No device gets them yet: turn them on below, on each phone or computer you want them on.',
  switchOff: 'Off on every device',
  /** Under the email and SMS switches. */
  emailSmsExplained: 'Sent when a visitor whose arrival notifications are on arrives.',
  thisDevice: 'This device',
  visitorArrived: (firstName: string, gate: string) => `Your visitor ${firstName} arrived at ${gate}`,
  deliveryUsed: (who: string, gate: string) => `Your delivery pass for ${who} was used at ${gate}`,
  deviceOffline: (device: string, property: string) => `${device} at ${property} is offline`,
  deviceOnline: (device: string, property: string) => `${device} at ${property} is back online`,
  gateFailed: (gate: string) => `${gate} did not open when you pressed Open. Please try again.`,
  keypadLocked: (gate: string, property: string) =>
    `The keypad at ${gate} (${property}) is locked after too many wrong PINs`,
  lockdownStarted: (property: string, reason: string) => `Lockdown started at ${property}: ${reason}`,
  lockdownEnded: (property: string) => `Lockdown ended at ${property}. The gates open as usual again.`,
  /** The switches of the push events that have their own, in Profile → Notifications. */
  gateFailedSwitch: 'A gate I opened did not open',
  keypadLockedSwitch: 'A keypad locked after wrong PINs',
  lockdownSwitch: 'A lockdown started or ended',
  /** The app found its subscription gone (expired, or removed on another device) and made a new one. */
  resubscribed: 'Notifications were turned on again for this device',
} as const;
