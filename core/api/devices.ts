import { z } from 'zod';
import { DEVICE_TYPES } from '../constants';
import { needs } from '../validation/sentences';
import { requiredName, visibleText } from '../validation/visible-text';
import { idSchema } from './common';
import { DEVICE_MESSAGES } from './device-texts';

export { DEVICE_MESSAGES };

export const RELAY_DRIVERS = ['shelly-gen1', 'shelly-gen2', 'tasmota', 'http-template'] as const;
export type RelayDriverName = (typeof RELAY_DRIVERS)[number];

/** host, IPv4, or [IPv6], with an optional port; no scheme, path or credentials. */
const ADDRESS =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::(?:[1-9]\d{0,4}))?$/;

export const deviceAddressSchema = z
  .string({ error: DEVICE_MESSAGES.ipRequired })
  .trim()
  .min(1, DEVICE_MESSAGES.ipRequired)
  .max(260)
  .refine((value) => {
    if (!ADDRESS.test(value)) return false;
    const port = /:(\d+)$/.exec(value.replace(/^\[.*\]/, ''))?.[1];
    return !port || Number(port) <= 65535;
  }, DEVICE_MESSAGES.invalidAddress);

const deviceName = (message: string) => requiredName('Device Name', 120, message);
const deviceLabel = visibleText('Device Label').trim().max(120).optional().nullable();

export const relayCredentialsSchema = z.strictObject({
  username: z.string().max(120).default(''),
  password: z.string().max(240),
});

/** Settings of the generic HTTP template driver; the path is always sent to the registered address. */
export const httpTemplateSettingsSchema = z.strictObject({
  method: z.enum(['GET', 'POST', 'PUT']).default('GET'),
  pathTemplate: z
    .string()
    .max(500)
    .regex(/^\/[^\s]*$/, { error: needs('must be a path starting with /') }),
  bodyTemplate: z.string().max(2000).optional(),
  successMatch: z.string().max(200).optional(),
});

/** Driver fields beyond the spec's; all optional with the Shelly /relay/0 defaults. */
const relayFields = {
  driver: z.enum(RELAY_DRIVERS).optional(),
  channel: z.coerce.number().int().min(0).max(16).optional(),
  pulseSeconds: z.coerce.number().int().min(1).max(60).optional(),
  credentials: relayCredentialsSchema.nullable().optional(),
  driverSettings: httpTemplateSettingsSchema.optional(),
};

export const registerDeviceBody = z.strictObject({
  deviceName: deviceName(DEVICE_MESSAGES.nameRequired),
  deviceLabel,
  deviceType: z.enum(DEVICE_TYPES, { error: DEVICE_MESSAGES.typeRequired }),
  deviceIpAddress: deviceAddressSchema,
  propertyId: z
    .string({ error: DEVICE_MESSAGES.propertyRequired })
    .min(1, DEVICE_MESSAGES.propertyRequired)
    .pipe(idSchema),
  ...relayFields,
});
export type RegisterDeviceBody = z.input<typeof registerDeviceBody>;

export const updateDeviceBody = z.strictObject({
  deviceName: deviceName(DEVICE_MESSAGES.editRequired),
  deviceLabel,
  deviceType: z.enum(DEVICE_TYPES, { error: DEVICE_MESSAGES.editRequired }),
  deviceIpAddress: deviceAddressSchema,
  ...relayFields,
});
export type UpdateDeviceBody = z.input<typeof updateDeviceBody>;

export const deviceSchema = z.object({
  _id: z.string(),
  deviceName: z.string(),
  deviceLabel: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES),
  deviceIpAddress: z.string(),
  propertyId: z.string(),
  driver: z.enum(RELAY_DRIVERS),
  channel: z.number(),
  pulseSeconds: z.number(),
  hasCredentials: z.boolean(),
});
export type DeviceDto = z.infer<typeof deviceSchema>;

export const registeredDeviceSchema = deviceSchema.extend({ deviceKey: z.string() });
export type RegisteredDeviceDto = z.infer<typeof registeredDeviceSchema>;

export const propertyDevicesSchema = z.object({
  _id: z.string(),
  propertyName: z.string(),
  propertyLocation: z.string(),
  devices: z.array(deviceSchema),
});
export type PropertyDevicesDto = z.infer<typeof propertyDevicesSchema>;

export const devicesByPropertyQuery = z.strictObject({
  property: idSchema.optional().or(z.literal('').transform(() => undefined)),
  search: z.string().max(200).optional(),
});

/** A gate in the Access Gates list; SPEC §3 names its identifier `id` there (`_id` everywhere else). */
export const gateDeviceSchema = z.object({
  id: z.string(),
  deviceName: z.string(),
  deviceLabel: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES),
  propertyId: z.string(),
});
export type GateDeviceDto = z.infer<typeof gateDeviceSchema>;
export const gateDevicesResponse = z.object({ gateDevices: z.array(gateDeviceSchema) });

export const triggerRelayBody = z.strictObject({ deviceId: idSchema, propertyId: idSchema });
export const triggerRelayResponse = z.object({
  message: z.string(),
  status: z.enum(['success', 'failed', 'partial']),
  relayOperations: z.array(z.object({ command: z.string(), success: z.boolean() })),
  totalDuration: z.number(),
});
export type TriggerRelayResponse = z.infer<typeof triggerRelayResponse>;

export const deviceIdParams = z.strictObject({ id: idSchema });
export const deviceKeyResponse = z.object({ deviceKey: z.string() });
