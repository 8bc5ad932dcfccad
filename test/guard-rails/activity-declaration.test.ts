import { afterAll, describe, expect, it } from 'vitest';
import { MUTATING_METHODS } from '../../server/activity/activity-declaration';
import { createTestApp } from '../support/test-app';

/**
 * Routes that change something but do not record it yet: this list only shrinks. A route added
 * after it must declare its activity next to its permission (`activity: 'code'`, or `null` for a
 * change the trail does not keep, such as a gate scan, which the gate log holds).
 */
const NOT_YET_RECORDED = new Set<string>([]);

const t = await createTestApp();
afterAll(() => t.close());

const mutating = t.app.activityCatalog.filter((route) =>
  (MUTATING_METHODS as readonly string[]).includes(route.method),
);

describe('activity declarations', () => {
  it('finds the mutating routes', () => expect(mutating.length).toBeGreaterThan(10));

  it('every POST, PUT, PATCH and DELETE under /api declares what it records in the activity trail', () => {
    const undeclared = mutating
      .filter((route) => route.activity === undefined)
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !NOT_YET_RECORDED.has(route));
    expect(undeclared).toEqual([]);
  });

  it('the list of routes not yet recorded names only routes that still declare nothing', () => {
    const stale = [...NOT_YET_RECORDED].filter(
      (name) => !mutating.some((route) => `${route.method} ${route.url}` === name && route.activity === undefined),
    );
    expect(stale).toEqual([]);
  });
});
