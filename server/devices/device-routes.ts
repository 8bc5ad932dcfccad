import { messageResponse } from '@core/api/common';
import {
  DEVICE_MESSAGES,
  deviceIdParams,
  deviceKeyResponse,
  devicesByPropertyQuery,
  propertyDevicesSchema,
  registerDeviceBody,
  registeredDeviceSchema,
  type UpdateDeviceBody,
  updateDeviceBody,
  updatedDeviceSchema,
} from '@core/api/devices';
import { DEVICE_LIST_PROPERTIES_PER_PAGE } from '@core/constants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ActivityChanges } from '../activity/activity-changes';
import { changesBetween, created, removed } from '../activity/activity-changes';
import { recordActivity } from '../activity/record-activity';
import { secretChange } from '../activity/secret-fields';
import { forgetDeviceKeys } from '../authorization/device-key';
import { allow, callerOf } from '../authorization/route-permissions';
import type { DeviceRow } from '../device-records/device-row';
import { deleteDevice, deviceScope, findDevice, insertDevice, updateDevice } from '../device-records/device-store';
import { randomToken, sha256Hex } from '../platform/crypto/keys';
import type { PlatformDeps } from '../platform/deps';
import { badRequest, notFound } from '../platform/errors/http-error';
import { findProperty, visiblePropertyRows } from '../property-records/property-queries';
import { connectionColumns } from './device-connection';
import { devicesOfProperties, toDeviceDto, toListedDeviceDto } from './device-queries';
import { relayColumns } from './relay-settings';

const byDeviceId = async (request: { params: unknown }, deps: Pick<PlatformDeps, 'db'>) =>
  deviceScope(deps.db, (request.params as { id?: string }).id);

/** What the trail keeps of a device: never its key, credentials or settings (which may hold a token). */
const deviceFields = (row: DeviceRow) => {
  const { _id, propertyId, hasCredentials, ...fields } = toDeviceDto(row);
  return fields;
};
const deviceObject = (row: DeviceRow) => ({ kind: 'device', id: row.id, propertyId: row.propertyId });

/** The secrets a request sets, each recorded as changed. */
function secretsSet(body: UpdateDeviceBody, mqttPassword: string | null | undefined): ActivityChanges {
  const changes: ActivityChanges = {};
  if (body.credentials !== undefined) changes.relayCredentials = secretChange();
  if (body.driverSettings !== undefined) changes.driverSettings = secretChange();
  if (mqttPassword) changes.mqttPassword = secretChange();
  return changes;
}

export async function deviceRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/device/register',
    {
      config: { permission: allow(['superadmin']), activity: 'device.register' },
      schema: { tags: ['devices'], body: registerDeviceBody, response: { 201: registeredDeviceSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      if (!(await findProperty(app.db, body.propertyId)))
        throw badRequest(DEVICE_MESSAGES.propertyRequired, 'propertyId');
      const connection = await connectionColumns(app, body.driver ?? 'shelly-gen1', body);
      const deviceKey = randomToken();
      const row = await app.db.transaction(async (tx) => {
        const inserted = await insertDevice(tx, {
          propertyId: body.propertyId,
          deviceName: body.deviceName,
          deviceLabel: body.deviceLabel || null,
          deviceType: body.deviceType,
          ...connection.columns,
          deviceKeyHash: sha256Hex(deviceKey),
          ...relayColumns(app.config.secret, body),
        });
        await recordActivity(tx, request, {
          summary: `Added gate device '${inserted.deviceName}'`,
          object: deviceObject(inserted),
          changes: {
            ...created(deviceFields(inserted)),
            deviceKey: secretChange(),
            ...secretsSet(body, connection.mqttPassword),
          },
        });
        return inserted;
      });
      return reply.status(201).send({ ...toDeviceDto(row), deviceKey, mqttPassword: connection.mqttPassword });
    },
  );

  api.get(
    '/api/device/get-all',
    {
      config: { permission: allow(['admin', 'superadmin']) },
      schema: {
        tags: ['devices'],
        querystring: devicesByPropertyQuery,
        response: { 200: z.array(propertyDevicesSchema) },
      },
    },
    async (request) => {
      const now = app.config.now();
      // A page of properties with all their gates: with a thousand properties, one list cut at a
      // thousand devices left most properties looking empty.
      const propertyRows = await visiblePropertyRows(app.db, callerOf(request), request.query.property, {
        number: request.query.page,
        size: DEVICE_LIST_PROPERTIES_PER_PAGE,
      });
      if (!propertyRows.length) return [];
      const deviceRows = await devicesOfProperties(
        app.db,
        propertyRows.map((p) => p.id),
      );
      return propertyRows.map((property) => ({
        _id: property.id,
        propertyName: property.propertyName,
        propertyLocation: property.propertyLocation,
        devices: deviceRows
          .filter((row) => row.device.propertyId === property.id)
          .map((row) => toListedDeviceDto(row.device, row.health, row.hold, now, property.timeZone)),
      }));
    },
  );

  api.put(
    '/api/device/:id',
    {
      config: { permission: allow(['superadmin'], byDeviceId), activity: 'device.update' },
      schema: {
        tags: ['devices'],
        params: deviceIdParams,
        body: updateDeviceBody,
        response: { 200: updatedDeviceSchema },
      },
    },
    async (request) => {
      const current = await findDevice(app.db, request.params.id);
      if (!current) throw notFound('Device not found');
      const body = request.body;
      const connection = await connectionColumns(app, body.driver ?? current.driver, body, current);
      const row = await app.db.transaction(async (tx) => {
        const updated = await updateDevice(tx, current.id, {
          deviceName: body.deviceName,
          deviceLabel: body.deviceLabel || null,
          deviceType: body.deviceType,
          ...connection.columns,
          ...relayColumns(app.config.secret, body, current.driver),
        });
        // The permission's scope found the device a moment before; a delete in between is a 404.
        if (!updated) throw notFound('Device not found');
        await recordActivity(tx, request, {
          summary: `Updated gate device '${updated.deviceName}'`,
          object: deviceObject(updated),
          changes: {
            ...changesBetween(deviceFields(current), deviceFields(updated)),
            ...secretsSet(body, connection.mqttPassword),
          },
        });
        return updated;
      });
      return { ...toDeviceDto(row), mqttPassword: connection.mqttPassword };
    },
  );

  api.delete(
    '/api/device/:id',
    {
      config: { permission: allow(['superadmin'], byDeviceId), activity: 'device.delete' },
      schema: { tags: ['devices'], params: deviceIdParams, response: { 200: messageResponse } },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const deleted = await deleteDevice(tx, request.params.id);
        if (!deleted) throw notFound('Device not found');
        await recordActivity(tx, request, {
          summary: `Deleted gate device '${deleted.deviceName}'`,
          object: deviceObject(deleted),
          changes: removed(deviceFields(deleted)),
        });
      });
      forgetDeviceKeys(app, request.params.id);
      return { message: DEVICE_MESSAGES.deleted };
    },
  );

  api.post(
    '/api/device/:id/rotate-key',
    {
      config: { permission: allow(['superadmin'], byDeviceId), activity: 'device.key-renewed' },
      schema: { tags: ['devices'], params: deviceIdParams, response: { 200: deviceKeyResponse } },
    },
    async (request) => {
      const deviceKey = randomToken();
      await app.db.transaction(async (tx) => {
        const updated = await updateDevice(tx, request.params.id, { deviceKeyHash: sha256Hex(deviceKey) });
        if (!updated) throw notFound('Device not found');
        await recordActivity(tx, request, {
          summary: `Renewed the key of gate device '${updated.deviceName}'`,
          object: deviceObject(updated),
          changes: { deviceKey: secretChange() },
        });
      });
      forgetDeviceKeys(app, request.params.id);
      return { deviceKey };
    },
  );
}
