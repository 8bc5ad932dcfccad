import crypto from 'node:crypto';

/** A ':' never appears in a device topic, so no device's login may connect under this prefix. */
const PREFIX = 'gatehouse:';

/**
 * This process's own MQTT client id: random, and never sent to a device (unlike the process id
 * in Shelly requests), so a device on an external broker cannot learn it and take its connection.
 */
export const newGatehouseClientId = () => `${PREFIX}${crypto.randomBytes(8).toString('hex')}`;

export const isGatehouseClientId = (clientId: string) => clientId.startsWith(PREFIX);
