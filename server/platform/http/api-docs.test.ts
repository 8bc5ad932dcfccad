import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { readSettings } from '../settings/settings';

// Decision 0006: /api/docs is served only when API_DOCS=1.
describe('/api/docs', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ apiDocs: false });
    on = await createTestApp({ apiDocs: true });
  });
  afterAll(async () => {
    await off.close();
    await on.close();
  });

  it('is off unless API_DOCS is 1', () => {
    expect(readSettings({}).API_DOCS).toBe('0');
    expect(readSettings({ API_DOCS: '1' }).API_DOCS).toBe('1');
    expect(() => readSettings({ API_DOCS: 'yes' })).toThrow('API_DOCS="yes" must be 1 or 0');
  });

  it('answers the JSON 404 of any unknown API path when off, for the UI and the document alike', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html']) {
      const answer = await off.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({ message: 'Not found', requestId: expect.any(String) });
    }
  });

  it('serves the document and its UI when on, without a sign-in', async () => {
    const document = await on.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    expect(Object.keys(document.json().paths)).toContain('/api/resident/login');
    const ui = await on.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});
