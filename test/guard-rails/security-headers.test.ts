import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app';

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-web-'));
fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Gatehouse</title><div id="root"></div>');
const t = await createTestApp({ webRoot });
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['strict-transport-security']).toMatch(/max-age=31536000/);
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  it('are on the SPA page, for its index and for a client route', async () => {
    for (const url of ['/', '/dashboard', '/visitor/123/qr-codes']) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expectSecurityHeaders(page.headers);
    }
  });

  it('let only the gate reader page compile WebAssembly (its QR decoder), never eval JavaScript', async () => {
    const reader = await get('/reader');
    expectSecurityHeaders(reader.headers);
    expect(String(reader.headers['content-security-policy'])).toContain("script-src 'self' 'wasm-unsafe-eval'");
    for (const url of ['/', '/dashboard', '/reader-x', '/api/access/reader']) {
      expect(String((await get(url)).headers['content-security-policy'])).not.toContain('wasm-unsafe-eval');
    }
  });

  it('are on API answers: success, refusal, validation error and unknown path', async () => {
    for (const answer of [
      await get('/healthz'),
      await get('/api/property/get-property-by-id?propertyId=x'),
      await t.app.inject({ method: 'POST', url: '/api/resident/login', payload: {} }),
      await get('/api/no-such-route'),
    ]) {
      expect(answer.headers['content-type']).toMatch(/application\/json/);
      expectSecurityHeaders(answer.headers);
    }
  });
});

describe('CORS', () => {
  const evil = { origin: 'https://evil.example' };

  it('grants no other origin on simple requests', async () => {
    for (const answer of [await get('/healthz', evil), await get('/api/property/get-property-by-id', evil)]) {
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('answers no preflight from another origin', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/resident/login',
      headers: { ...evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
  });
});
