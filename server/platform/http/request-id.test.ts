import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedUser, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('request ids', () => {
  it('name every answer, and every error body quotes the same id', async () => {
    const resident = await seedUser(t.app, { role: 'resident' });
    const answers = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/resident/login', payload: { email: 'x' } }), // 400
      t.app.inject({ method: 'POST', url: '/api/token/refresh' }), // 401
      t.app.inject({ method: 'POST', url: '/api/property/delete', payload: {}, headers: bearer(resident.token) }), // 403
      t.app.inject({ method: 'GET', url: '/api/no-such-route' }), // 404
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 401, 403, 404]);
    const ids = answers.map((answer) => answer.headers['x-request-id']);
    for (const [i, answer] of answers.entries()) expect(answer.json().requestId).toBe(ids[i]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const ok = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
