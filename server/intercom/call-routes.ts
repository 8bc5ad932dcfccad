import { randomUUID } from 'node:crypto';
import { errorResponse } from '@core/api/common';
import { triggerRelayResponse } from '@core/api/devices';
import {
  callCreatedResponse,
  callListQuery,
  callListResponse,
  callParams,
  callSchema,
  createCallRequest,
  INTERCOM_WORDS,
  iceServersResponse,
  openFromCallBody,
  signalRequest,
  signalsQuery,
  signalsResponse,
} from '@core/api/intercom';
import { ROLES } from '@core/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceOf } from '../authorization/device-key';
import { allow, allowReaderOr, callerOf, devicePermission } from '../authorization/route-permissions';
import type { GateDeps } from '../gates/gate-decision';
import { conflict, forbidden, notFound } from '../platform/errors/http-error';
import { TooManyRequests } from '../platform/errors/too-many';
import { emitEvent } from '../platform/events/domain-events';
import { LIMITS } from '../platform/limits/limit-rules';
import { reserve } from '../platform/limits/rate-limit';
import { gateLockedDown } from '../property-rules/lockdown-cover';
import { openFromCall } from './call-opening';
import { ringResident } from './call-ring';
import { callPartyOf, callScope } from './call-scope';
import {
  answerCall,
  type CallReach,
  createCall,
  declineCall,
  findCall,
  hangUp,
  listCalls,
  settleCalls,
  touchSide,
} from './call-store';
import { callDtoOf } from './call-view';
import { findReachable } from './directory-store';
import { iceServersFor } from './ice-servers';
import { requireIntercom } from './intercom-feature';
import { postSignal, SIGNALS_PER_CALL_MAX, signalCount, signalsFor } from './signal-store';

const eitherSide = allowReaderOr(ROLES, (request, app) => callScope(app.db, request));
const calledResident = allow(['resident'], (request, app) => callScope(app.db, request));
/** The call's two sides only: its reader, and its resident (managers read calls but take no part). */
const callSides = allowReaderOr(['resident'], (request, app) => callScope(app.db, request));

/** The intercom's calls: a reader rings a resident, who answers or declines; either side hangs up. */
export async function callRoutes(app: FastifyInstance, { gate }: { gate: GateDeps }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['intercom'];

  /** The call the route names, its lease settled first, and who is asking about it. */
  async function loadCall(request: FastifyRequest, callId: string) {
    const now = app.config.now();
    await settleCalls(app.db, now, callId);
    const call = await findCall(app.db, callId);
    if (!call) throw notFound('Call not found');
    return { call, now, ...callPartyOf(request, call.calleeUserId) };
  }

  api.get(
    '/api/intercom/ice-servers',
    {
      config: { permission: allowReaderOr(ROLES) },
      schema: {
        tags,
        summary: 'The STUN and TURN servers a call uses, with short-lived TURN credentials',
        response: { 200: iceServersResponse },
      },
    },
    async () => ({ iceServers: iceServersFor(app.config.turn, randomUUID(), app.config.now()) }),
  );

  api.post(
    '/api/intercom/calls',
    {
      config: { permission: devicePermission, activity: null },
      schema: {
        tags,
        summary: 'A gate reader calls a resident from its directory: every signed-in device of theirs rings',
        body: createCallRequest,
        response: { 201: callCreatedResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { device, property } = deviceOf(request);
      requireIntercom(property);
      const now = app.config.now();
      const calls = await reserve(app.db, LIMITS.intercomCalls, device.id, now);
      if (!calls.allowed)
        throw new TooManyRequests(INTERCOM_WORDS.tooManyCalls(calls.retryAfterSeconds), calls.retryAfterSeconds);
      const gate = { propertyId: property.id, deviceId: device.id, timeZone: property.timeZone, at: now };
      if (await gateLockedDown(app.db, gate)) throw forbidden(INTERCOM_WORDS.lockedDown);
      const callee = await findReachable(app.db, gate, request.body.directoryId);
      if (!callee) throw notFound(INTERCOM_WORDS.notReachable);
      // The call, its ring and its event are one change: a process dying in between leaves none of them.
      const call = await app.db.transaction(async (tx) => {
        const created = await createCall(tx, {
          propertyId: property.id,
          deviceId: device.id,
          gateName: device.deviceName,
          calleeUserId: callee.userId,
          displayName: callee.displayName,
          at: now,
        });
        await ringResident(app.jobs, tx, created);
        await emitEvent(app.jobs, tx, {
          propertyId: property.id,
          type: 'intercom.call',
          at: now,
          data: {
            callId: created.id,
            gateId: device.id,
            gateName: device.deviceName,
            residentId: callee.userId,
            displayName: callee.displayName,
          },
        });
        return created;
      });
      // The ring's push became due inside the transaction, where no worker could see it yet.
      void app.jobs.kick();
      return reply.status(201).send({ _id: call.id, iceServers: iceServersFor(app.config.turn, call.id, now) });
    },
  );

  api.get(
    '/api/intercom/calls/:callId',
    {
      config: { permission: eitherSide },
      schema: {
        tags,
        summary: 'A call as either side (or a manager) sees it',
        params: callParams,
        response: { 200: callSchema },
      },
    },
    async (request) => {
      const { call, now, side, viewer } = await loadCall(request, request.params.callId);
      // Asking is a sign of life: a side polling instead of streaming keeps its call.
      if (side) await touchSide(app.db, [call.id], side, now);
      return callDtoOf(call, viewer);
    },
  );

  api.post(
    '/api/intercom/calls/:callId/answer',
    {
      config: { permission: calledResident, activity: null },
      schema: {
        tags,
        summary: 'The called resident answers on this device; their other devices stop ringing',
        params: callParams,
        response: { 200: callSchema, 409: errorResponse },
      },
    },
    async (request) => {
      const { call, now, caller } = await loadCall(request, request.params.callId);
      const sessionId = callerOf(request).sessionId;
      if (!caller || !(await answerCall(app.db, call.id, sessionId, now))) throw conflict(INTERCOM_WORDS.notRinging);
      const answered = await findCall(app.db, call.id);
      return callDtoOf(answered ?? call, { sessionId, isCallee: true });
    },
  );

  api.post(
    '/api/intercom/calls/:callId/decline',
    {
      config: { permission: calledResident, activity: null },
      schema: {
        tags,
        summary: "The called resident declines: the reader says they can't come to the gate",
        params: callParams,
        response: { 200: callSchema, 409: errorResponse },
      },
    },
    async (request) => {
      const { call, now } = await loadCall(request, request.params.callId);
      if (!(await declineCall(app.db, call.id, now))) throw conflict(INTERCOM_WORDS.notRinging);
      const declined = await findCall(app.db, call.id);
      return callDtoOf(declined ?? call, { sessionId: callerOf(request).sessionId, isCallee: true });
    },
  );

  api.post(
    '/api/intercom/calls/:callId/end',
    {
      config: { permission: callSides, activity: null },
      schema: {
        tags,
        summary: 'Either side hangs up',
        params: callParams,
        response: { 200: callSchema, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const { call, now, side, viewer } = await loadCall(request, request.params.callId);
      if (!side) throw forbidden('Only the gate and the called resident can hang up a call.');
      const sessionId = 'sessionId' in viewer ? viewer.sessionId : undefined;
      const done =
        side === 'resident' && call.status === 'ringing'
          ? await declineCall(app.db, call.id, now)
          : await hangUp(app.db, call.id, side, now, sessionId);
      if (!done) throw conflict(INTERCOM_WORDS.notActive);
      const ended = await findCall(app.db, call.id);
      return callDtoOf(ended ?? call, viewer);
    },
  );

  api.post(
    '/api/intercom/calls/:callId/open',
    {
      // The opening is a gate event: the gate log holds it (credential "intercom").
      config: { permission: calledResident, activity: null },
      schema: {
        tags,
        summary: 'The resident who answered opens the gate from the call, through the one gate decision',
        params: callParams,
        body: openFromCallBody,
        response: {
          200: triggerRelayResponse,
          403: errorResponse,
          409: errorResponse,
          429: errorResponse,
          502: triggerRelayResponse,
        },
      },
    },
    async (request, reply) => {
      const { call } = await loadCall(request, request.params.callId);
      const opened = await openFromCall(gate, call, callerOf(request));
      return reply.status(opened.status).send(opened.answer);
    },
  );

  api.get(
    '/api/intercom/calls',
    {
      config: { permission: allow(ROLES) },
      schema: {
        tags,
        summary:
          "Intercom calls in the caller's reach: a resident's own, a property's for its managers, all for super admins",
        querystring: callListQuery,
        response: { 200: callListResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const reach: CallReach =
        caller.role === 'superadmin'
          ? 'all'
          : caller.role === 'admin'
            ? { propertyId: caller.propertyId ?? '' }
            : { calleeUserId: caller.userId };
      const now = app.config.now();
      await settleCalls(app.db, now);
      const rows = await listCalls(app.db, reach, {
        limit: request.query.limit,
        before: request.query.before ? new Date(request.query.before) : undefined,
        status: request.query.status,
      });
      return {
        calls: rows.map((row) =>
          callDtoOf(
            { ...row.call, hasPhoto: row.hasPhoto },
            { sessionId: caller.sessionId, isCallee: row.call.calleeUserId === caller.userId },
          ),
        ),
      };
    },
  );

  api.post(
    '/api/intercom/calls/:callId/signals',
    {
      config: { permission: callSides, activity: null },
      schema: {
        tags,
        summary: 'An offer, answer or ICE candidate for the other side of the call (decision 0093)',
        params: callParams,
        body: signalRequest,
        response: { 202: callSchema, 403: errorResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { call, now, side, viewer } = await loadCall(request, request.params.callId);
      if (!side) throw forbidden('Only the gate and the called resident take part in a call.');
      const inCall =
        call.status === 'answered' &&
        (side === 'reader' || ('sessionId' in viewer && viewer.sessionId === call.answeredSessionId));
      if (!inCall) throw conflict(INTERCOM_WORDS.notActive);
      if ((await signalCount(app.db, call.id)) >= SIGNALS_PER_CALL_MAX)
        throw new TooManyRequests(INTERCOM_WORDS.tooManySignals, 60);
      await postSignal(app.db, call.id, side, request.body, now);
      await touchSide(app.db, [call.id], side, now);
      return reply.status(202).send(callDtoOf(call, viewer));
    },
  );

  api.get(
    '/api/intercom/calls/:callId/signals',
    {
      config: { permission: callSides },
      schema: {
        tags,
        summary: "The other side's messages since `after`, and the call's status; polled while the call lasts",
        params: callParams,
        querystring: signalsQuery,
        response: { 200: signalsResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const { call, now, side, viewer } = await loadCall(request, request.params.callId);
      if (!side) throw forbidden('Only the gate and the called resident take part in a call.');
      await touchSide(app.db, [call.id], side, now);
      const signals = await signalsFor(app.db, call.id, side, request.query.after);
      return { signals, call: callDtoOf(call, viewer) };
    },
  );
}
