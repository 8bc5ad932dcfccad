import { bulkUploadRequest, bulkUploadResponse } from '@core/api/bulk';
import { SCREEN_ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { created } from '../activity/activity-changes';
import { recordActivity } from '../activity/record-activity';
import { allow, callerOf } from '../authorization/route-permissions';
import { bulkUpload } from './bulk-upload';

export async function bulkUploadRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/resident/bulk-upload',
    {
      config: { permission: allow(SCREEN_ROLES.bulkUserUpload), activity: 'person.bulk-upload' },
      schema: {
        tags: ['residents'],
        summary: 'Invite many users; admins only residents of their own property. Each row fails on its own',
        body: bulkUploadRequest,
        response: { 200: bulkUploadResponse },
      },
    },
    (request) => {
      const caller = callerOf(request);
      return bulkUpload(app, caller, request.body.users, (tx, counts) =>
        recordActivity(tx, request, {
          summary: `Uploaded ${counts.rows} people: ${counts.created} invited, ${counts.failed} refused`,
          object: { kind: 'person', id: null, propertyId: counts.propertyId ?? caller.propertyId },
          changes: created({ rows: counts.rows, invited: counts.created, refused: counts.failed }),
        }),
      );
    },
  );
}
