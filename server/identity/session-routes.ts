import { messageResponse } from '@core/api/common';
import { activeSessionsResponse, endedSessionsResponse, SESSION_MESSAGES, sessionParams } from '@core/api/sessions';
import { ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownAccount, personName, recordActivity } from '../activity/record-activity';
import { liveSessionsOf, sessionOwner } from '../authorization/person-sessions';
import { allow, allowDuringEnrolment, callerOf, type Permission } from '../authorization/route-permissions';
import { endAllSessions, endSession } from '../authorization/session-queries';
import { notFound } from '../platform/errors/http-error';
import { enqueueSecurityNotice } from './security-notice-jobs';

/** A session reaches only its own user: anyone else, superadmins too, gets 404. */
const ownSession: Permission = {
  kind: 'user',
  roles: ROLES,
  selfOnly: true,
  scope: async (request, app) => {
    const { sessionId } = request.params as { sessionId: string };
    const ownerUserId = await sessionOwner(app.db, sessionId);
    return ownerUserId ? { propertyId: null, ownerUserId } : null;
  },
};

/** Logout on the server, and the signed-in browsers Profile lists and can sign out. */
export async function sessionRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/logout',
    {
      config: { permission: allowDuringEnrolment, activity: 'account.sign-out' },
      schema: { tags: ['session'], summary: 'End this session on the server', response: { 200: messageResponse } },
    },
    async (request) => {
      const caller = callerOf(request);
      await app.db.transaction(async (tx) => {
        await endSession(tx, caller.userId, caller.sessionId, app.config.now());
        await recordActivity(tx, request, {
          summary: `${personName(caller)} signed out`,
          object: ownAccount(request),
          changes: { session: { before: caller.sessionId, after: null } },
        });
      });
      return { message: SESSION_MESSAGES.signedOut };
    },
  );

  api.get(
    '/api/sessions',
    {
      config: { permission: allow(ROLES) },
      schema: {
        tags: ['session'],
        summary: "The caller's active sessions, newest first",
        response: { 200: activeSessionsResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const rows = await liveSessionsOf(app.db, caller.userId, app.config.now());
      return {
        sessions: rows.map((row) => ({
          _id: row.id,
          label: row.label,
          address: row.address,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.id === caller.sessionId,
        })),
      };
    },
  );

  api.delete(
    '/api/sessions/:sessionId',
    {
      config: { permission: ownSession, activity: 'account.session-revoked' },
      schema: {
        tags: ['session'],
        summary: 'Sign out one of your sessions',
        params: sessionParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { sessionId } = request.params;
      await app.db.transaction(async (tx) => {
        const reason = sessionId === caller.sessionId ? null : 'signed-out-elsewhere';
        if (!(await endSession(tx, caller.userId, sessionId, app.config.now(), reason))) throw notFound();
        await recordActivity(tx, request, {
          summary: `${personName(caller)} signed out one of their sessions`,
          object: ownAccount(request),
          changes: { session: { before: sessionId, after: null } },
        });
      });
      return { message: SESSION_MESSAGES.sessionSignedOut };
    },
  );

  api.post(
    '/api/sessions/end-others',
    {
      config: { permission: allow(ROLES), activity: 'account.other-sessions-ended' },
      schema: {
        tags: ['session'],
        summary: 'Sign out everywhere else: every session but this one ends',
        response: { 200: endedSessionsResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const ended = await app.db.transaction(async (tx) => {
        const count = await endAllSessions(
          tx,
          caller.userId,
          app.config.now(),
          caller.sessionId,
          'signed-out-elsewhere',
        );
        if (count) await enqueueSecurityNotice(app.jobs, tx, { userId: caller.userId, event: 'sessions-ended' });
        await recordActivity(tx, request, {
          summary: `${personName(caller)} signed out everywhere else (${count} ${count === 1 ? 'session' : 'sessions'})`,
          object: ownAccount(request),
          changes: { otherSessions: { before: count, after: 0 } },
        });
        return count;
      });
      void app.jobs.kick();
      return { message: SESSION_MESSAGES.othersSignedOut, ended };
    },
  );
}
