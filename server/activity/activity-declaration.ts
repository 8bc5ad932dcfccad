import type { ActivityAction } from '@core/activity/activity-actions';
import type { FastifyRequest } from 'fastify';

/**
 * What a route records in the activity trail, declared next to its permission:
 * `config: { permission: ..., activity: 'card.enrol' }`, a list when its handler records one of
 * several actions (a sign-in that succeeds or fails), or `null` when it changes nothing the trail
 * keeps (reads; gate scans, which the gate log holds). Every POST, PUT, PATCH and DELETE under
 * /api must declare one (test/guard-rails/activity-declaration.test.ts).
 */
export type ActivityDeclaration = ActivityAction | readonly ActivityAction[] | null;

export const MUTATING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const declaredActions = (declaration: ActivityDeclaration | undefined): readonly ActivityAction[] =>
  declaration == null ? [] : typeof declaration === 'string' ? [declaration] : declaration;

/** The action a request records when its handler names none: the route's one declared action. */
export function declaredActionOf(request: FastifyRequest, asked?: ActivityAction): ActivityAction {
  const route = `${request.method} ${request.routeOptions.url}`;
  const declared = declaredActions(request.routeOptions.config?.activity);
  if (asked) {
    if (!declared.includes(asked)) throw new Error(`${route} records '${asked}' but does not declare it`);
    return asked;
  }
  if (declared.length !== 1) throw new Error(`${route} must name which of its declared actions it records`);
  return declared[0];
}
