import { propertiesResponse, propertyByIdQuery, propertyListQuery, propertySchema } from '@core/api/properties';
import { ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allow, callerOf } from '../authorization/route-permissions';
import { notFound } from '../platform/errors/http-error';
import { findProperty, toPropertyDto, visiblePropertyRows } from '../property-records/property-queries';

export async function propertyRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/property/get-property-by-id',
    {
      config: {
        permission: allow(ROLES, async (request) => ({
          propertyId: (request.query as { propertyId: string }).propertyId,
        })),
      },
      schema: { tags: ['properties'], querystring: propertyByIdQuery, response: { 200: propertySchema } },
    },
    async (request) => {
      const property = await findProperty(app.db, request.query.propertyId);
      if (!property) throw notFound('Property not found');
      return toPropertyDto(property);
    },
  );

  api.get(
    '/api/property/get-all',
    {
      config: { permission: allow(['admin', 'superadmin']) },
      schema: { tags: ['properties'], querystring: propertyListQuery, response: { 200: z.array(propertySchema) } },
    },
    async (request) =>
      (await visiblePropertyRows(app.db, callerOf(request), request.query.property)).map(toPropertyDto),
  );

  api.get(
    '/api/property/list-user-properties',
    { config: { permission: allow(ROLES) }, schema: { tags: ['properties'], response: { 200: propertiesResponse } } },
    async (request) => ({ properties: (await visiblePropertyRows(app.db, callerOf(request))).map(toPropertyDto) }),
  );
}
