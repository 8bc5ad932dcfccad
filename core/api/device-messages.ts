// Texts of the device screens (docs/SPEC.md §2, §5, §8), apart from the schemas so screens showing them need not load zod.
export const DEVICE_MESSAGES = {
  favouriteGateInvalid: 'Gate must be one of your gates, or null for none.',
  favouriteGateNotYours: 'That gate is not one you can open.',
  favouriteGateSet: (gate: string) => `${gate} is your favourite gate: the app opens on it.`,
  favouriteGateCleared: 'You have no favourite gate now.',
  nameRequired: 'Device Name is required',
  typeRequired: 'Device Type is required',
  ipRequired: 'Device IP Address is required',
  propertyRequired: 'Property is required',
  editRequired: 'Please fill out all required fields before saving.',
  registrationFailed: 'Registration failed',
  registered: 'Device registered successfully',
  updated: 'Device updated successfully',
  deleted: 'Device deleted successfully',
  updateFailedStatus: (status: number) => `Failed to update device. Status code: ${status}`,
  updateFailed: 'Failed to update device. Please try again later.',
  deleteFailed: 'Failed to delete device',
  noPropertiesOrDevices: 'No properties or devices found.',
  noDevicesForProperty: 'No devices available for this property.',
  openFailed: 'Failed to open gate',
  openedTooOften: (seconds: number) =>
    `You have opened gates many times in the last minute. Please wait ${seconds} seconds and try again.`,
  gateOpenedTooOften: (seconds: number) =>
    `This gate has been opened many times in the last minute. Please wait ${seconds} seconds and try again.`,
  openedFromList: (property: string, device: string) => `${property} (${device}): Gate opened successfully!`,
  failedFromList: (property: string, device: string, message: string) => `${property} (${device}): ${message}`,
  opening: 'Opening...',
  openingGate: (name: string) => `Opening ${name}...`,
  /** Access Gates, on the Open button of a gate whose relay is known to be offline. */
  gateOfflineButton: 'Gate offline',
  gateOfflineHelp: 'This gate is not answering right now, so it cannot be opened from here.',
  gateOpened: (name: string) => `${name} has been opened successfully.`,
  gateNotOpened: (name: string) => `${name} has not been opened. Please try again.`,
  gatesLoadFailed: 'Failed to load gate devices. Please try again later.',
  online: 'Online',
  offline: 'Offline',
  /** A gate whose reader went quiet: its relay may still open it (from a phone, say). */
  readerOffline: 'Reader offline',
  neverSeen: 'never seen',
  lastSeen: (ago: string) => `last seen ${ago.toLowerCase()}`,
  invalidAddress:
    'Device IP Address must be a host name or IP address with an optional port, such as 192.168.1.20:8080',
  mqttTopicRequired: 'MQTT Topic is required for a device connected over MQTT',
  invalidMqttTopic:
    'MQTT Topic must be one topic level of letters, digits, dots, dashes or underscores, at most 64 characters, such as shellyplus1-a8032ab12345',
  reservedMqttTopic:
    'MQTT Topic must not be cmnd, stat, tele, tasmotas or gatehouse: those topics belong to other devices',
  clientIdAsMqttTopic:
    'MQTT Topic must not be a Tasmota client id such as DVES_8A1B2C: enter its topic, such as tasmota_8A1B2C',
  mqttHasNoAddress: 'A device connected over MQTT has no IP address; leave Device IP Address empty',
  httpHasNoTopic: 'A device connected over direct HTTP has no MQTT Topic; leave it empty',
  mqttTopicTaken: 'Another device already uses this MQTT Topic',
  mqttNotConfigured: 'the server has no MQTT broker configured (set MQTT_URL or MQTT_PORT)',
  localAddressRefused:
    'Device IP Address must not be a loopback, link-local, multicast, broadcast or cloud metadata address',
} as const;
