import { bulkUploadRequest, bulkUploadResponse } from '@core/api/bulk';
import { SCREEN_ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow, callerOf } from '../authorization/route-permissions';
import { bulkUpload } from './bulk-upload';

export async function bulkUploadRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/resident/bulk-upload',
    {
      config: { permission: allow(SCREEN_ROLES.bulkUserUpload) },
      schema: {
        tags: ['residents'],
        summary: 'Invite many users; admins only residents of their own property. Each row fails on its own',
        body: bulkUploadRequest,
        response: { 200: bulkUploadResponse },
      },
    },
    (request) => bulkUpload(app, callerOf(request), request.body.users),
  );
}
