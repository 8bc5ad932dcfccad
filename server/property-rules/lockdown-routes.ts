import { errorResponse } from '@core/api/common';
import { activeLockdownResponse, lockdownParams, lockdownSchema, startLockdownRequest } from '@core/api/lockdown';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { created } from '../activity/activity-changes';
import { recordActivity } from '../activity/record-activity';
import { allowInPropertyOfPath } from '../authorization/property-in-path';
import { callerOf } from '../authorization/route-permissions';
import { notFound } from '../platform/errors/http-error';
import { endLockdown, startLockdown } from './lockdown-commands';
import { activeLockdown, lockdownById } from './lockdown-queries';

export interface LockdownRouteOptions {
  /** Called after a start or end has committed (the wiring releases held-open gates); awaited. */
  onLockdownChange?: (propertyId: string) => Promise<void>;
}

const MANAGERS = ['superadmin', 'admin'] as const;
const propertyInPath = allowInPropertyOfPath(MANAGERS);
/** Residents read whether their property is locked down (the banner in their app); only managers change it. */
const readersOfProperty = allowInPropertyOfPath(['superadmin', 'admin', 'resident']);

/** Lockdown of a property or some of its gates (docs/decisions/0044). */
export async function lockdownRoutes(app: FastifyInstance, options: LockdownRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['property rules'];
  const described = async (id: string) => {
    const found = await lockdownById(app.db, id);
    if (!found) throw notFound();
    return found;
  };
  const changed = async (propertyId: string) => {
    if (options.onLockdownChange) await options.onLockdownChange(propertyId);
  };

  api.post(
    '/api/properties/:propertyId/lockdown',
    {
      config: { permission: propertyInPath, activity: 'lockdown.start' },
      schema: {
        tags,
        summary: 'Start a lockdown of the whole property or chosen gates, with a reason and an optional end',
        params: lockdownParams,
        body: startLockdownRequest,
        response: { 201: lockdownSchema, 400: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const { propertyId } = request.params;
      const started = await startLockdown(
        app,
        callerOf(request),
        propertyId,
        request.body,
        app.config.now(),
        (tx, row) =>
          recordActivity(tx, request, {
            summary: `Started a lockdown${row.gateIds ? ` of ${row.gateIds.length} gate(s)` : ''}: ${row.reason}`,
            object: { kind: 'lockdown', id: row.id, propertyId },
            changes: created({ reason: row.reason, gateIds: row.gateIds, endsAt: row.endsAt }),
          }),
      );
      void app.jobs.kick();
      await changed(propertyId);
      return reply.status(201).send(await described(started.id));
    },
  );

  api.get(
    '/api/properties/:propertyId/lockdown',
    {
      config: { permission: readersOfProperty },
      schema: {
        tags,
        summary: "The property's lockdown in force, or null",
        params: lockdownParams,
        response: { 200: activeLockdownResponse },
      },
    },
    async (request) => activeLockdown(app.db, request.params.propertyId, app.config.now()),
  );

  api.delete(
    '/api/properties/:propertyId/lockdown',
    {
      config: { permission: propertyInPath, activity: 'lockdown.end' },
      schema: {
        tags,
        summary: "End the property's lockdown in force",
        params: lockdownParams,
        response: { 200: lockdownSchema, 409: errorResponse },
      },
    },
    async (request) => {
      const { propertyId } = request.params;
      const ended = await endLockdown(app, callerOf(request), propertyId, app.config.now(), (tx, row) =>
        recordActivity(tx, request, {
          summary: `Ended the lockdown: ${row.reason}`,
          object: { kind: 'lockdown', id: row.id, propertyId },
          changes: { endedAt: { before: null, after: row.endedAt } },
        }),
      );
      void app.jobs.kick();
      await changed(propertyId);
      return described(ended.id);
    },
  );
}
