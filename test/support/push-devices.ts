import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { PushService, PushServiceSubscription } from './push-service';
import { bearer, type SeededUser } from './test-app';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36';

/** An API call as the app on an Android phone makes it. */
export const phoneCall = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => app.inject({ method, url, payload, headers: { ...bearer(token), 'user-agent': ANDROID } });

/** Subscribes a device of `user` at the push service, and hands it to the server as the app does. */
export async function subscribeDevice(
  app: FastifyInstance,
  pushService: PushService,
  user: SeededUser,
): Promise<PushServiceSubscription & { id: string }> {
  const { publicKey } = (await phoneCall(app, 'GET', '/api/push/public-key', user.token)).json();
  const subscription = await pushService.subscribe(publicKey);
  const created = await phoneCall(app, 'POST', '/api/push/subscriptions', user.token, {
    endpoint: subscription.endpoint,
    expirationTime: null,
    keys: subscription.keys,
  });
  expect(created.statusCode).toBe(201);
  return { ...subscription, id: created.json()._id };
}
