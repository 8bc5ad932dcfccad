import { Readable } from 'node:stream';
import {
  LOG_MESSAGES,
  type LogFilter,
  logFilterQuery,
  logListQuery,
  logListResponse,
  notificationsParams,
  notificationsQuery,
  notificationsResponse,
  propertyLogsParams,
} from '@core/api/gate-log';
import { MAX_EXPORT_ROWS } from '@core/constants';
import { ROLES } from '@core/roles';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordExport } from '../activity/record-export';
import { allowInPropertyOfPath } from '../authorization/property-in-path';
import { allow, allowSelf, callerOf, withApiKeyScope } from '../authorization/route-permissions';
import { badRequest } from '../platform/errors/http-error';
import { SERVER_MESSAGES } from '../platform/errors/server-messages';
import { errorHandler } from '../platform/http/error-handler';
import { heavyRead, heavyReadDatabase } from '../platform/http/fresh-reads';
import { csvFileName, logsAsCsv } from './gate-log-csv';
import { findLogPage } from './gate-log-page';
import { findNotifications, streamLogs } from './gate-log-queries';
import { countLogsUpTo } from './gate-log-total';

const propertyScope = allowInPropertyOfPath(['superadmin', 'admin']);
const superadminOnly = allow(['superadmin']);

/** Role refusals on the log routes read as the log screen's own text (docs/SPEC.md §8). */
function logErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.statusCode === 403 && error.message === SERVER_MESSAGES.forbidden) {
    return reply.status(403).send({ message: LOG_MESSAGES.insufficientPermissions, requestId: request.id });
  }
  return errorHandler(error, request, reply);
}

export async function gateLogRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.setErrorHandler(logErrorHandler);

  const listLogs = async (
    request: FastifyRequest,
    query: LogFilter & { page: number; limit: number },
    propertyId?: string,
  ) => {
    const { logs, total } = await heavyRead(app, request, (db) => findLogPage(db, query, query, propertyId));
    const { totalItems, exact } = total;
    return {
      success: true,
      logs,
      pagination: {
        totalItems,
        totalPages: Math.ceil(totalItems / query.limit),
        currentPage: query.page,
        totalExact: exact,
      },
      message: totalItems ? LOG_MESSAGES.logsFetched : LOG_MESSAGES.noLogs,
    };
  };

  /** Refuses, rather than cuts short, an export larger than MAX_EXPORT_ROWS. */
  const sendCsv = async (request: FastifyRequest, reply: FastifyReply, filter: LogFilter, propertyId?: string) => {
    const db = await heavyReadDatabase(app, request);
    const { totalItems, exact } = await countLogsUpTo(db, filter, MAX_EXPORT_ROWS, propertyId);
    if (totalItems > MAX_EXPORT_ROWS) {
      const matches = exact ? String(totalItems) : `more than ${MAX_EXPORT_ROWS}`;
      throw badRequest(
        `This filter matches ${matches} events and an export holds at most ${MAX_EXPORT_ROWS}. Choose a shorter date range.`,
        'startDate',
      );
    }
    await recordExport(request, {
      what: 'the gate log',
      objectKind: 'gate-log',
      propertyId: propertyId ?? null,
      rows: totalItems,
      filter,
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(filter.timezone, app.config.now())}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(logsAsCsv(streamLogs(db, filter, propertyId), filter.timezone)));
  };

  const tags = ['relay-logs'];
  const listSchema = { tags, querystring: logListQuery, response: { 200: logListResponse } };
  const csvSchema = { tags, querystring: logFilterQuery, produces: ['text/csv'] };

  api.get('/api/relay-logs/all', { config: { permission: superadminOnly }, schema: listSchema }, (request) =>
    listLogs(request, request.query),
  );

  api.get(
    '/api/relay-logs/property/:propertyId',
    {
      config: { permission: withApiKeyScope(propertyScope, 'logs:read') },
      schema: { ...listSchema, params: propertyLogsParams },
    },
    (request) => listLogs(request, request.query, request.params.propertyId),
  );

  api.get(
    '/api/relay-logs/all/export',
    { config: { permission: superadminOnly, activity: 'gate-log.export' }, schema: csvSchema },
    (request, reply) => sendCsv(request, reply, request.query),
  );

  api.get(
    '/api/relay-logs/property/:propertyId/export',
    {
      config: { permission: propertyScope, activity: 'gate-log.export' },
      schema: { ...csvSchema, params: propertyLogsParams },
    },
    (request, reply) => sendCsv(request, reply, request.query, request.params.propertyId),
  );

  api.get(
    '/api/relay-logs/user/:UID/notifications',
    {
      config: { permission: allowSelf(ROLES, (request) => (request.params as { UID: string }).UID, 403) },
      schema: {
        tags,
        params: notificationsParams,
        querystring: notificationsQuery,
        response: { 200: notificationsResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const managed = caller.role === 'admin' ? caller.propertyId : null;
      const { logs, hasMore } = await heavyRead(app, request, (db) =>
        findNotifications(db, request.params.UID, request.query, managed),
      );
      return { success: true, logs, pagination: { hasMore } };
    },
  );
}
