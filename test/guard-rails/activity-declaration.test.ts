import { afterAll, describe, expect, it } from 'vitest';
import { MUTATING_METHODS } from '../../server/activity/activity-declaration';
import { createTestApp } from '../support/test-app';

// Every route that changes something declares its activity next to its permission (`activity: 'code'`,
// or `null` for a change the trail does not keep, such as a gate scan, which the gate log holds).

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
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });
});
