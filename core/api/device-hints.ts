// What a person without gates or devices can do about it, apart from the device texts so that the
// device forms do not carry them.
import type { Role } from '../roles';

export const DEVICE_HINTS = {
  /** Only super administrators register devices (docs/SPEC.md §6): a resident asks their manager, a manager asks them. */
  noGates: (role: Role) =>
    role === 'resident'
      ? 'No gates are set up for your property yet. Ask your property manager.'
      : 'No gates are set up for your property yet. Ask your Gatehouse administrator to register them.',
  askToRegisterDevices: 'Ask your Gatehouse administrator to register your gate devices.',
  registerDevice: 'Register a device',
  registerProperty: 'Register a property',
} as const;
