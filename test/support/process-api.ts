import type { Role } from '@core/roles';

/** Calls a running Gatehouse process over real HTTP; throws with the answer on a non-2xx status. */
export async function callApi<T = Record<string, unknown>>(
  baseURL: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const answer = await fetch(`${baseURL}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${url} answered ${answer.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function signInTo(baseURL: string, user: { email: string; password: string }, userType: Role) {
  const { token } = await callApi<{ token: string }>(baseURL, 'POST', '/api/resident/login', {
    body: { ...user, userType },
  });
  return token;
}

/** A new property with one gate on `relayAddress`, registered through the API as a superadmin. */
export async function registerGate(baseURL: string, token: string, relayAddress: string, name = 'Fault Test') {
  const suffix = Math.random().toString(36).slice(2, 8);
  const property = await callApi<{ _id: string }>(baseURL, 'POST', '/api/property/register', {
    token,
    body: {
      propertyName: `${name} ${suffix}`,
      propertyLocation: `1 ${name} Road`,
      propertyFeatures: ['qr', 'securepin'],
    },
  });
  const device = await callApi<{ _id: string; deviceKey: string }>(baseURL, 'POST', '/api/device/register', {
    token,
    body: {
      deviceName: `${name} Gate ${suffix}`,
      deviceType: 'gate',
      deviceIpAddress: relayAddress,
      propertyId: property._id,
    },
  });
  return { propertyId: property._id, deviceId: device._id, deviceKey: device.deviceKey };
}
