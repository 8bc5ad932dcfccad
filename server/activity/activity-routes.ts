import { ACTIVITY_MESSAGES } from '@core/activity/activity-messages';
import {
  type ActivityFilter,
  activityActorsQuery,
  activityActorsResponse,
  activityFilterQuery,
  activityListQuery,
  activityListResponse,
} from '@core/api/activity';
import { ACTIVITY_CSV_COLUMNS, activityCsvCells } from '@core/api/activity-cells';
import { errorResponse } from '@core/api/common';
import { MAX_EXPORT_ROWS, MAX_UNPAGED_LIST } from '@core/constants';
import { toCsv } from '@core/csv/csv-writer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow, callerOf, withApiKeyScope } from '../authorization/route-permissions';
import { badRequest } from '../platform/errors/http-error';
import { publishedHead, TRAIL_HEAD_HEADER } from './activity-anchor';
import {
  activityActors,
  activityForExport,
  findActivityPage,
  inZone,
  trailTimeZone,
  type ZonedActivityFilter,
} from './activity-queries';
import { recordExport } from './record-export';

/** Super administrators read every property's trail; a manager their own property's (the default). */
const trailReaders = allow(['superadmin', 'admin'], async (request) => ({
  propertyId: (request.query as { propertyId?: string }).propertyId ?? request.caller?.propertyId ?? null,
}));

/** A manager's property, whatever they asked; a super administrator's choice (none: every property). */
function scopedPropertyId(request: FastifyRequest, asked: string | undefined): string | undefined {
  const caller = callerOf(request);
  if (caller.role === 'superadmin') return asked;
  if (!caller.propertyId) throw new Error('a manager without a property passed the trail readers check');
  return caller.propertyId;
}

/**
 * The filter as the caller may run it: within their property, its whole days read in that
 * property's time zone (UTC across every property).
 */
async function scopedFilter(request: FastifyRequest, filter: ActivityFilter): Promise<ZonedActivityFilter> {
  const propertyId = scopedPropertyId(request, filter.propertyId);
  return inZone({ ...filter, propertyId }, await trailTimeZone(request.server.db, propertyId));
}

export async function activityRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['activity'];

  api.get(
    '/api/activity',
    {
      config: { permission: withApiKeyScope(trailReaders, 'activity:read'), activity: null },
      schema: {
        tags,
        summary: 'The activity trail, newest first',
        querystring: activityListQuery,
        response: { 200: activityListResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      const { entries, totalItems } = await findActivityPage(app.db, await scopedFilter(request, filter), {
        page,
        limit,
      });
      return { entries, pagination: { totalItems, totalPages: Math.ceil(totalItems / limit), currentPage: page } };
    },
  );

  api.get(
    '/api/activity/actors',
    {
      config: { permission: trailReaders, activity: null },
      schema: {
        tags,
        summary: 'The people who acted in the trail, for its "person acting" filter',
        querystring: activityActorsQuery,
        response: { 200: activityActorsResponse },
      },
    },
    async (request) => ({
      actors: await activityActors(app.db, scopedPropertyId(request, request.query.propertyId), MAX_UNPAGED_LIST),
    }),
  );

  api.get(
    '/api/activity/export',
    {
      config: { permission: trailReaders, activity: 'activity.export' },
      schema: { tags, summary: 'The activity trail as CSV', querystring: activityFilterQuery, produces: ['text/csv'] },
    },
    async (request, reply) => {
      const filter = await scopedFilter(request, request.query);
      const entries = await activityForExport(app.db, filter, MAX_EXPORT_ROWS + 1);
      if (entries.length > MAX_EXPORT_ROWS)
        throw badRequest(
          ACTIVITY_MESSAGES.tooManyToExport(MAX_EXPORT_ROWS),
          request.query.fromDate ? 'fromDate' : 'from',
        );
      await recordExport(request, {
        what: 'the activity trail',
        objectKind: 'activity',
        propertyId: filter.propertyId ?? null,
        rows: entries.length,
        filter,
      });
      const head = await publishedHead(app.db, filter.propertyId ?? null);
      if (head) reply.header(TRAIL_HEAD_HEADER, head);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="activity-${app.config.now().toISOString().slice(0, 10)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(toCsv(ACTIVITY_CSV_COLUMNS, entries.map(activityCsvCells)));
    },
  );
}
