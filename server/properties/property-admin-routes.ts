import { errorResponse, messageResponse } from '@core/api/common';
import { deleteByIdBody, propertySchema, registerPropertyBody, updatePropertyBody } from '@core/api/properties';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changesBetween, created, removed } from '../activity/activity-changes';
import { recordActivity } from '../activity/record-activity';
import { allow } from '../authorization/route-permissions';
import { conflict, notFound } from '../platform/errors/http-error';
import {
  deleteProperty,
  insertProperty,
  lockProperty,
  type PropertyRow,
  toPropertyDto,
  updateProperty,
  withQr,
} from '../property-records/property-queries';
import { propertyDependents } from './property-dependents';

const superadminOnly = allow(['superadmin']);

/** What the trail keeps of a property. */
const propertyFields = (row: Partial<PropertyRow>) => ({
  propertyName: row.propertyName,
  propertyLocation: row.propertyLocation,
  propertyFeatures: row.propertyFeatures,
  timeZone: row.timeZone,
  managersNeedSecondFactor: row.managersNeedSecondFactor,
  gateEventRetentionMonths: row.gateEventRetentionMonths,
  activityRetentionMonths: row.activityRetentionMonths,
});
const propertyObject = (id: string) => ({ kind: 'property', id, propertyId: id });

/** The optional settings a request gave: left out means unchanged. */
const withoutUndefined = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

/** Creating, editing and deleting properties: the super administrator's work. */
export async function propertyAdminRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/property/register',
    {
      config: { permission: superadminOnly, activity: 'property.create' },
      schema: {
        tags: ['properties'],
        body: registerPropertyBody,
        response: { 201: propertySchema, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const { propertyName, propertyLocation, propertyFeatures, timeZone } = request.body;
      const row = await app.db.transaction(async (tx) => {
        const inserted = await insertProperty(tx, {
          propertyName,
          propertyLocation,
          propertyFeatures: withQr(propertyFeatures),
          timeZone,
        });
        await recordActivity(tx, request, {
          summary: `Created property '${inserted.propertyName}'`,
          object: propertyObject(inserted.id),
          changes: created(propertyFields(inserted)),
        });
        return inserted;
      });
      return reply.status(201).send(toPropertyDto(row));
    },
  );

  api.post(
    '/api/property/update',
    {
      config: { permission: superadminOnly, activity: 'property.update' },
      schema: { tags: ['properties'], body: updatePropertyBody, response: { 200: propertySchema, 409: errorResponse } },
    },
    async (request) => {
      const { _id, propertyName, propertyLocation, propertyFeatures, timeZone, ...optional } = request.body;
      const row = await app.db.transaction(async (tx) => {
        const before = await lockProperty(tx, _id);
        if (!before) throw notFound('Property not found');
        const after = await updateProperty(tx, _id, {
          propertyName,
          propertyLocation,
          propertyFeatures: withQr(propertyFeatures),
          ...(timeZone ? { timeZone } : {}),
          ...withoutUndefined(optional),
        });
        await recordActivity(tx, request, {
          summary: `Updated property '${after.propertyName}'`,
          object: propertyObject(after.id),
          changes: changesBetween(propertyFields(before), propertyFields(after)),
        });
        return after;
      });
      return toPropertyDto(row);
    },
  );

  api.post(
    '/api/property/delete',
    {
      config: { permission: superadminOnly, activity: 'property.delete' },
      schema: { tags: ['properties'], body: deleteByIdBody, response: { 200: messageResponse } },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const row = await lockProperty(tx, request.body._id);
        if (!row) throw notFound('Property not found');
        const dependents = await propertyDependents(tx, row.id);
        if (dependents) throw conflict(dependents);
        await deleteProperty(tx, row.id);
        await recordActivity(tx, request, {
          summary: `Deleted property '${row.propertyName}'`,
          object: propertyObject(row.id),
          changes: removed(propertyFields(row)),
        });
      });
      return { message: 'Property deleted successfully' };
    },
  );
}
