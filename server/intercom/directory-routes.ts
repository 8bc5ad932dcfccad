import { errorResponse } from '@core/api/common';
import {
  DIRECTORY_RESULTS_MAX,
  directoryListingRequest,
  directoryListingResponse,
  directoryQuery,
  directoryResponse,
  INTERCOM_WORDS,
  managerListingParams,
  managerListingRequest,
} from '@core/api/intercom';
import { SCREEN_ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findPersonSummary } from '../accounts/account-store';
import { personName, recordActivity } from '../activity/record-activity';
import { userScope } from '../authorization/account-scope';
import { deviceOf } from '../authorization/device-key';
import { allow, callerOf, devicePermission } from '../authorization/route-permissions';
import { notFound } from '../platform/errors/http-error';
import { TooManyRequests } from '../platform/errors/too-many';
import { LIMITS } from '../platform/limits/limit-rules';
import { reserve } from '../platform/limits/rate-limit';
import { gateLockedDown } from '../property-rules/lockdown-cover';
import { defaultDisplayName } from './directory-names';
import { listingOf, searchDirectory, setHiddenByManager, setOwnListing } from './directory-store';
import { requireIntercom } from './intercom-feature';

/** The caller's own listing: no record is named, so every resident reaches exactly theirs. */
const ownListing = allow(['resident']);
const residentInPath = allow(SCREEN_ROLES.dashboard, (request, app) =>
  userScope(app.db, (request.params as { userId?: string }).userId),
);

/** The gate directory (a reader finds whom to call) and the listings residents and managers set. */
export async function directoryRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['intercom'];

  api.get(
    '/api/intercom/directory',
    {
      config: { permission: devicePermission },
      schema: {
        tags,
        summary: 'A gate reader finds residents to call by the start of their name',
        querystring: directoryQuery,
        response: { 200: directoryResponse, 403: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const { device, property } = deviceOf(request);
      requireIntercom(property);
      const now = app.config.now();
      const searches = await reserve(app.db, LIMITS.intercomDirectory, device.id, now);
      if (!searches.allowed)
        throw new TooManyRequests(
          INTERCOM_WORDS.tooManySearches(searches.retryAfterSeconds),
          searches.retryAfterSeconds,
        );
      const gate = { propertyId: property.id, deviceId: device.id, timeZone: property.timeZone, at: now };
      if (await gateLockedDown(app.db, gate)) return { entries: [], lockedDown: true };
      const found = await searchDirectory(app.db, gate, request.query.q, DIRECTORY_RESULTS_MAX);
      return {
        entries: found.map((person) => ({ _id: person.entryId, displayName: person.displayName })),
        lockedDown: false,
      };
    },
  );

  api.get(
    '/api/intercom/directory-listing',
    {
      config: { permission: ownListing },
      schema: { tags, summary: "The caller's own directory listing", response: { 200: directoryListingResponse } },
    },
    async (request) => listingAnswer(app, callerOf(request)),
  );

  api.put(
    '/api/intercom/directory-listing',
    {
      config: { permission: ownListing, activity: 'intercom.listing' },
      schema: {
        tags,
        summary: 'A resident lists or hides themselves in the gate directory, under the name they choose',
        body: directoryListingRequest,
        response: { 200: directoryListingResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const displayName = request.body.displayName?.trim() || null;
      await app.db.transaction(async (tx) => {
        await setOwnListing(tx, caller.userId, request.body.listed, displayName);
        await recordActivity(tx, request, {
          summary: request.body.listed
            ? 'Listed themselves in the gate directory'
            : 'Hid themselves from the gate directory',
          object: { kind: 'intercom', id: caller.userId, propertyId: caller.propertyId },
          changes: {
            listed: { before: null, after: request.body.listed },
            displayName: { before: null, after: displayName },
          },
        });
      });
      return listingAnswer(app, caller);
    },
  );

  api.get(
    '/api/intercom/residents/:userId/listing',
    {
      config: { permission: residentInPath },
      schema: {
        tags,
        summary: "A resident's gate directory listing, as their managers see it",
        params: managerListingParams,
        response: { 200: directoryListingResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const person = await findPersonSummary(app.db, request.params.userId);
      if (person?.role !== 'resident') throw notFound('Resident not found');
      return listingAnswer(app, person);
    },
  );

  api.put(
    '/api/intercom/residents/:userId/listing',
    {
      config: { permission: residentInPath, activity: 'intercom.listing' },
      schema: {
        tags,
        summary: 'A manager hides a resident from the gate directory, or lists them again',
        params: managerListingParams,
        body: managerListingRequest,
        response: { 200: directoryListingResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const person = await findPersonSummary(app.db, request.params.userId);
      if (person?.role !== 'resident') throw notFound('Resident not found');
      await app.db.transaction(async (tx) => {
        await setHiddenByManager(tx, person.id, request.body.hidden);
        await recordActivity(tx, request, {
          summary: `${request.body.hidden ? 'Hid' : 'Listed'} ${personName(person)} ${request.body.hidden ? 'from' : 'in'} the gate directory`,
          object: { kind: 'intercom', id: person.id, propertyId: person.propertyId },
          changes: { hiddenByManager: { before: null, after: request.body.hidden } },
        });
      });
      return listingAnswer(app, person);
    },
  );
}

async function listingAnswer(
  app: FastifyInstance,
  person: { userId?: string; id?: string; firstName: string; lastName: string },
) {
  const listing = await listingOf(app.db, (person.userId ?? person.id) as string);
  return {
    listed: listing.listed,
    displayName: listing.displayName ?? defaultDisplayName(person.firstName, person.lastName),
    hiddenByManager: listing.hiddenByManager,
  };
}
