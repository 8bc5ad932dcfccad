import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allow, type DeclaredRoute } from '../../server/authorization/route-permissions';
import { createTestApp } from '../support/test-app';
import { ONE_MEGABYTE_STRING } from './breaking-values';
import { GuardWorld } from './guard-world';
import { expectedRefusal, inputVerdict } from './input-verdict';
import { buildRouteRequest } from './route-request';
import { leakOf } from './route-verdict';
import { CaseSeeds } from './seeding-registry';
import { propertyChecksum } from './table-checksum';

// The generated suites must be able to fail: these routes are never registered, only judged.
const t = await createTestApp();
afterAll(() => t.close());

const route = (url: string, schema: DeclaredRoute['schema']): DeclaredRoute => ({
  method: 'POST',
  url,
  permission: allow(['admin']),
  schema,
});

describe('the generated suites fail where they should', () => {
  it('names the registry entry to add for an id the seeding registry cannot create', async () => {
    const widgets = route('/api/widget/:widgetId', { params: z.strictObject({ widgetId: z.uuid() }) });
    const request = await buildRouteRequest(widgets, new CaseSeeds(await GuardWorld.create(t.app)));
    expect(request.problems).toEqual([
      expect.stringContaining(
        'params field "widgetId" names a record the seeding registry cannot create: add "widgetId"',
      ),
    ]);
  });

  it('says which field it could not build a valid value for', async () => {
    const odd = route('/api/odd', { body: z.strictObject({ code: z.string().regex(/^ZZ-\d{9}$/) }) });
    const request = await buildRouteRequest(odd, new CaseSeeds(await GuardWorld.create(t.app)));
    expect(request.problems).toEqual([expect.stringMatching(/body\.code: .*add a sample for that field/)]);
  });

  it('refuses a schema that accepts a 1 MB string', () => {
    const loose = route('/api/loose', { body: z.strictObject({ name: z.string() }) });
    const mutation = { kind: 'set' as const, part: 'body' as const, path: ['name'], value: ONE_MEGABYTE_STRING };
    expect(expectedRefusal(loose, { params: {}, query: {}, body: { name: ONE_MEGABYTE_STRING } }, mutation)).toEqual({
      failure: expect.stringContaining('bound the field with .max()'),
    });
  });

  it('refuses an answer to a caller of property B that carries an id of property A', () => {
    const idOfA = '0b3c5a52-4f1e-4a53-9a57-5d1d4cf0a111';
    expect(leakOf(200, `{"visitors":[{"_id":"${idOfA}"}]}`, [idOfA])).toMatch(/ids of property A/);
    expect(leakOf(404, `{"message":"${idOfA}"}`, [idOfA])).toBeNull();
    expect(leakOf(200, '{"visitors":[]}', [idOfA])).toBeNull();
  });

  it('notices a write to one property and not to another', async () => {
    const world = await GuardWorld.create(t.app);
    const [a, b] = [
      await propertyChecksum(t.app.db, world.propertyA),
      await propertyChecksum(t.app.db, world.propertyB),
    ];
    await world.device();
    expect(await propertyChecksum(t.app.db, world.propertyA)).not.toEqual(a);
    expect(await propertyChecksum(t.app.db, world.propertyB)).toEqual(b);
  });

  it('refuses a 5xx, a non-400 and a message that does not name the field', () => {
    expect(inputVerdict(500, '{"message":"x"}', ['name'])).toBe('answered 500');
    expect(inputVerdict(200, '{"message":"ok"}', ['name'])).toMatch(/expected 400, got 200/);
    expect(inputVerdict(400, '{"message":"Invalid input"}', ['name'])).toMatch(/names none of name/);
    expect(inputVerdict(400, '{"message":"name: Too big"}', ['name'])).toBeNull();
    const required = { message: 'First name is required', fieldErrors: { firstName: 'First name is required' } };
    expect(inputVerdict(400, JSON.stringify(required), ['firstName'], true)).toMatch(/does not say the limit/);
    const sentence = { message: 'Name must be at most 100 characters long.', fieldErrors: { 'rows.0.name': 'x' } };
    expect(inputVerdict(400, JSON.stringify(sentence), ['name'])).toBeNull();
    expect(inputVerdict(400, JSON.stringify({ ...sentence, fieldErrors: { other: 'x' } }), ['name'])).toMatch(
      /names none of name/,
    );
  });
});
