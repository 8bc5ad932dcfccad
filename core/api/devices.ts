import { z } from 'zod';
import { DEVICE_TYPES } from '../constants';
import { MESSAGES } from '../messages';
import { needs } from '../validation/issue-messages';
import { boundedText, requiredName } from '../validation/visible-text';
import { whenMissing } from '../validation/when-missing';
import { idSchema } from './common';
import { DEVICE_MESSAGES } from './device-messages';
import { RELAY_FAILURES, type RelayFailure, relayOperationSchema } from './gate-failures';
import { TASMOTA_DEFAULT_CLIENT_ID } from './mqtt-client-ids';

export { DEVICE_MESSAGES, RELAY_FAILURES, type RelayFailure };

export const HTTP_RELAY_DRIVERS = ['shelly-gen1', 'shelly-gen2', 'tasmota', 'http-template'] as const;
/** Relays that connect out to an MQTT broker: addressed by topic, not by IP address. */
export const MQTT_RELAY_DRIVERS = ['shelly-gen2-mqtt', 'tasmota-mqtt'] as const;
export const RELAY_DRIVERS = [...HTTP_RELAY_DRIVERS, ...MQTT_RELAY_DRIVERS] as const;
export type RelayDriverName = (typeof RELAY_DRIVERS)[number];
export type HttpRelayDriverName = (typeof HTTP_RELAY_DRIVERS)[number];
export type MqttRelayDriverName = (typeof MQTT_RELAY_DRIVERS)[number];

export const isMqttDriver = (driver: string | undefined): driver is MqttRelayDriverName =>
  (MQTT_RELAY_DRIVERS as readonly string[]).includes(driver ?? '');

/** How the server reaches a device: it calls the device's address, or the device connects out to a broker. */
export type DeviceConnection = 'http' | 'mqtt';
export const connectionOf = (driver: RelayDriverName): DeviceConnection => (isMqttDriver(driver) ? 'mqtt' : 'http');
export const DRIVERS_BY_CONNECTION: Record<DeviceConnection, readonly RelayDriverName[]> = {
  http: HTTP_RELAY_DRIVERS,
  mqtt: MQTT_RELAY_DRIVERS,
};

const RESERVED_MQTT_TOPICS = ['cmnd', 'stat', 'tele', 'tasmotas', 'gatehouse'];

/** A topic prefix (Shelly) or %topic% (Tasmota): one topic level, no wildcards, so ACLs stay exact. */
export const mqttTopicSchema = z
  .string({ error: whenMissing(DEVICE_MESSAGES.mqttTopicRequired) })
  .trim()
  .min(1, DEVICE_MESSAGES.mqttTopicRequired)
  .max(64, DEVICE_MESSAGES.invalidMqttTopic)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, DEVICE_MESSAGES.invalidMqttTopic)
  // A Shelly prefixed "cmnd" could command every Tasmota; "gatehouse" is the server's own broker login.
  .refine((topic) => !RESERVED_MQTT_TOPICS.includes(topic.toLowerCase()), DEVICE_MESSAGES.reservedMqttTopic)
  // It would be a Tasmota's client id (mqtt-client-ids.ts): two devices could then take each other's connection.
  .refine((topic) => !TASMOTA_DEFAULT_CLIENT_ID.test(topic), DEVICE_MESSAGES.clientIdAsMqttTopic);

/** host, IPv4, or [IPv6], with an optional port; no scheme, path or credentials. */
const ADDRESS =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::(?:[1-9]\d{0,4}))?$/;

export const deviceAddressSchema = z
  .string({ error: whenMissing(DEVICE_MESSAGES.ipRequired) })
  .trim()
  .min(1, DEVICE_MESSAGES.ipRequired)
  .max(260, MESSAGES.tooLong('Device IP Address', 260))
  .refine((value) => {
    if (!ADDRESS.test(value)) return false;
    const port = /:(\d+)$/.exec(value.replace(/^\[.*\]/, ''))?.[1];
    return !port || Number(port) <= 65535;
  }, DEVICE_MESSAGES.invalidAddress);

const deviceName = (message: string) => requiredName('Device Name', 120, message);
const deviceLabel = boundedText('Device Label', 120).optional().nullable();

export const relayCredentialsSchema = z.strictObject({
  username: z.string().max(120).default(''),
  password: z.string().max(240),
});

const relayPath = z
  .string()
  .max(500)
  .regex(/^\/[^\s]*$/, { error: needs('must be a path starting with /') });

/** Settings of the generic HTTP template driver; the path is always sent to the registered address. */
export const httpTemplateSettingsSchema = z.strictObject({
  method: z.enum(['GET', 'POST', 'PUT']).default('GET'),
  pathTemplate: relayPath,
  bodyTemplate: z.string().max(2000).optional(),
  successMatch: z.string().max(200).optional(),
  /** Hold-open: the request that latches the relay on, and the one that releases it (same method). */
  holdPathTemplate: relayPath.optional(),
  holdBodyTemplate: z.string().max(2000).optional(),
  releasePathTemplate: relayPath.optional(),
  releaseBodyTemplate: z.string().max(2000).optional(),
});

/** Driver fields beyond docs/SPEC.md's; all optional with the Shelly /relay/0 defaults. */
const relayFields = {
  driver: z.enum(RELAY_DRIVERS).optional(),
  channel: z.coerce.number().int().min(0).max(16).optional(),
  pulseSeconds: z.coerce.number().int().min(1).max(60).optional(),
  credentials: relayCredentialsSchema.nullable().optional(),
  driverSettings: httpTemplateSettingsSchema.optional(),
};

/**
 * What is wrong with a device's address for its driver, field by field: an HTTP device needs its
 * IP address; an MQTT device (DESIGN: the address is not required for it) needs its topic instead.
 */
export function addressProblems(
  driver: RelayDriverName,
  body: { deviceIpAddress?: string; mqttTopic?: string },
): { field: 'deviceIpAddress' | 'mqttTopic'; message: string }[] {
  if (isMqttDriver(driver)) {
    return [
      ...(body.mqttTopic ? [] : [{ field: 'mqttTopic' as const, message: DEVICE_MESSAGES.mqttTopicRequired }]),
      ...(body.deviceIpAddress
        ? [{ field: 'deviceIpAddress' as const, message: DEVICE_MESSAGES.mqttHasNoAddress }]
        : []),
    ];
  }
  return [
    ...(body.deviceIpAddress ? [] : [{ field: 'deviceIpAddress' as const, message: DEVICE_MESSAGES.ipRequired }]),
    ...(body.mqttTopic ? [{ field: 'mqttTopic' as const, message: DEVICE_MESSAGES.httpHasNoTopic }] : []),
  ];
}

/**
 * The address-by-connection check as a refinement; it runs even when other fields failed, so a
 * form shows every missing field at once (docs/SPEC.md §5). A register body without a driver is a Shelly
 * Gen1 relay; an update without one keeps its driver (checked by the route).
 */
export const addressByConnection = (fallbackDriver?: RelayDriverName) =>
  [
    (body: { driver?: RelayDriverName; deviceIpAddress?: string; mqttTopic?: string }, context: z.RefinementCtx) => {
      const driver = body.driver ?? fallbackDriver;
      if (!driver) return;
      for (const problem of addressProblems(driver, body))
        context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    },
    { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null },
  ] as const;

const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);
const addressFields = {
  deviceIpAddress: z.preprocess(blankAsAbsent, deviceAddressSchema.optional()),
  mqttTopic: z.preprocess(blankAsAbsent, mqttTopicSchema.optional()),
};

/** Register Device's fields before the address-by-connection check, for forms that show some of them. */
export const registerDeviceFields = z.object({
  deviceName: deviceName(DEVICE_MESSAGES.nameRequired),
  deviceLabel,
  deviceType: z.enum(DEVICE_TYPES, { error: DEVICE_MESSAGES.typeRequired }),
  ...addressFields,
  propertyId: z
    .string({ error: DEVICE_MESSAGES.propertyRequired })
    .min(1, DEVICE_MESSAGES.propertyRequired)
    .pipe(idSchema),
  ...relayFields,
});
export const registerDeviceBody = z
  .strictObject(registerDeviceFields.shape)
  .superRefine(...addressByConnection('shelly-gen1'));
export type RegisterDeviceBody = z.input<typeof registerDeviceBody>;

const updateDeviceShape = {
  deviceName: deviceName(DEVICE_MESSAGES.editRequired),
  deviceLabel,
  deviceType: z.enum(DEVICE_TYPES, { error: DEVICE_MESSAGES.editRequired }),
  ...addressFields,
  ...relayFields,
};
/** Edit Device's fields, for its form, which also holds fields the request has not (the connection). */
export const updateDeviceFields = z.object(updateDeviceShape).superRefine(...addressByConnection());
export const updateDeviceBody = z.strictObject(updateDeviceShape).superRefine(...addressByConnection());
export type UpdateDeviceBody = z.input<typeof updateDeviceBody>;

export const deviceSchema = z.object({
  _id: z.string(),
  deviceName: z.string(),
  deviceLabel: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES),
  /** Empty for an MQTT device. */
  deviceIpAddress: z.string(),
  mqttTopic: z.string().nullable(),
  propertyId: z.string(),
  driver: z.enum(RELAY_DRIVERS),
  channel: z.number(),
  pulseSeconds: z.number(),
  hasCredentials: z.boolean(),
});
export type DeviceDto = z.infer<typeof deviceSchema>;

/** The MQTT device's password on the embedded broker (its topic is the user name), shown once like the device key. */
const mqttPassword = z.string().optional();
export const registeredDeviceSchema = deviceSchema.extend({ deviceKey: z.string(), mqttPassword });
/** An edit that makes a device an MQTT device answers its new broker password, once. */
export const updatedDeviceSchema = deviceSchema.extend({ mqttPassword });
export type UpdatedDeviceDto = z.infer<typeof updatedDeviceSchema>;
export type RegisteredDeviceDto = z.infer<typeof registeredDeviceSchema>;

/**
 * Health fields of a device in lists: `offline` says which part went quiet first and since when
 * (decision 0034): a silent reader leaves the gate's relay working, a failing relay does not.
 */
const healthFields = {
  online: z.boolean().nullable(),
  lastSeenAt: z.string().nullable(),
  offline: z.object({ cause: z.enum(['reader', 'relay']), since: z.string() }).nullable(),
};
/** Whether a gate is held open now, as the Devices table and the Access Gates list show it. */
const heldFields = {
  /** The gate is held open (a manager's hold or its schedule) until this instant (ISO), or null when not held. */
  heldOpenUntil: z.string().nullable(),
  /** Held open now (a manager's hold or the schedule), with or without a known end. */
  heldOpen: z.boolean(),
  /** The property's time zone, in which the gate's times are read. */
  timeZone: z.string(),
};
/**
 * A device in Devices by Property, with its health (docs/decisions/0034-device-health.md):
 * `online` is null while nothing was ever heard from it; `lastSeenAt` is the reader's last
 * heartbeat or the relay's last answered pulse, whichever is later.
 */
export const listedDeviceSchema = deviceSchema.extend({ ...healthFields, ...heldFields });
export type ListedDeviceDto = z.infer<typeof listedDeviceSchema>;

export const propertyDevicesSchema = z.object({
  _id: z.string(),
  propertyName: z.string(),
  propertyLocation: z.string(),
  devices: z.array(listedDeviceSchema),
});
export type PropertyDevicesDto = z.infer<typeof propertyDevicesSchema>;

export const devicesByPropertyQuery = z.strictObject({
  property: idSchema.optional().or(z.literal('').transform(() => undefined)),
  search: z.string().max(200).optional(),
  /** A page of properties (DEVICE_LIST_PROPERTIES_PER_PAGE each, by name); a page shorter than that is the last. */
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

/**
 * A gate in the Access Gates list; docs/SPEC.md §3 names its identifier `id` there (`_id` everywhere else).
 * Its health fields are those of listedDeviceSchema (DESIGN.md); the screen does not show them yet.
 */
export const gateDeviceSchema = z.object({
  id: z.string(),
  deviceName: z.string(),
  deviceLabel: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES),
  propertyId: z.string(),
  ...healthFields,
  /** A resident's groups allow this gate now (managers: always); core/rules/gate-hours.ts. */
  allowedNow: z.boolean(),
  /** When not allowed now: the next opening in the property's time, "06:00" today or "Tue 06:00". */
  opensAt: z.string().nullable(),
  ...heldFields,
});
export type GateDeviceDto = z.infer<typeof gateDeviceSchema>;
export const gateDevicesResponse = z.object({
  gateDevices: z.array(gateDeviceSchema),
  /** The gate the app opens on in one tap, when it is one of these; else null. */
  favouriteGateId: z.string().nullable(),
  /** A resident whose property has gates but whose groups include none: they open nothing yet. */
  inNoGateGroup: z.boolean(),
});
export type GateDevicesResponse = z.infer<typeof gateDevicesResponse>;

/** PUT /api/device/favourite-gate: one of the caller's gates, or null for none. */
export const favouriteGateRequest = z.strictObject({
  deviceId: z.uuid({ error: DEVICE_MESSAGES.favouriteGateInvalid }).nullable(),
});
export const favouriteGateResponse = z.object({ message: z.string(), favouriteGateId: z.string().nullable() });

export const triggerRelayBody = z.strictObject({ deviceId: idSchema, propertyId: idSchema });
export const triggerRelayResponse = z.object({
  message: z.string(),
  status: z.enum(['success', 'failed', 'partial']),
  relayOperations: z.array(relayOperationSchema),
  totalDuration: z.number(),
  /** Why the gate did not open; only on a failure. */
  failure: z.enum(RELAY_FAILURES).optional(),
});
export type TriggerRelayResponse = z.infer<typeof triggerRelayResponse>;

export const deviceIdParams = z.strictObject({ id: idSchema });
/** A gate reader's heartbeat carries nothing but its key; an empty object or no body at all. */
export const heartbeatBody = z.strictObject({}).nullish();
export const deviceKeyResponse = z.object({ deviceKey: z.string() });
