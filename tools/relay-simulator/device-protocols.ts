import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { verifyDigest } from '../../core/relays/digest-auth';

export const SIMULATED_PROTOCOLS = ['shelly-gen1', 'shelly-gen2', 'tasmota', 'http-template'] as const;
export type SimulatedProtocol = (typeof SIMULATED_PROTOCOLS)[number];

export interface SimulatedCredentials {
  username: string;
  password: string;
}

/** What a fake relay was asked to do. */
export interface PulseRequest {
  channel: number;
  seconds: number;
  command: string;
}

export interface ProtocolAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Set when the request switched the relay. */
  pulse?: PulseRequest;
  /** Set when the request latched a relay on or released it, with no timer (hold-open). */
  latch?: LatchRequest;
}

/** A relay set on or off with no timer: it stays so until told otherwise. */
export interface LatchRequest {
  channel: number;
  on: boolean;
}

export interface ProtocolContext {
  request: IncomingMessage;
  url: URL;
  body: string;
  credentials: SimulatedCredentials | null;
  /** Wrong-credentials fault: every credential is refused. */
  refuseAll: boolean;
  realm: string;
}

function basicAuthOk(context: ProtocolContext): boolean {
  if (context.refuseAll) return false;
  if (!context.credentials) return true;
  const expected = `Basic ${Buffer.from(`${context.credentials.username}:${context.credentials.password}`).toString('base64')}`;
  return context.request.headers.authorization === expected;
}

function digestChallenge(context: ProtocolContext): ProtocolAnswer {
  const nonce = crypto.randomBytes(8).toString('hex');
  return {
    status: 401,
    body: { code: 401, message: 'Unauthorized' },
    headers: { 'www-authenticate': `Digest qop="auth", realm="${context.realm}", nonce="${nonce}", algorithm=SHA-256` },
  };
}

function digestAuthOk(context: ProtocolContext): boolean {
  if (context.refuseAll) return false;
  if (!context.credentials) return true;
  const header = context.request.headers.authorization ?? '';
  return verifyDigest(header, context.request.method ?? 'GET', {
    realm: context.realm,
    username: context.credentials.username || 'admin',
    password: context.credentials.password,
  });
}

function relayPath(context: ProtocolContext): ProtocolAnswer | null {
  const match = /^\/relay\/(\d+)$/.exec(context.url.pathname);
  if (!match) return null;
  const seconds = Number(context.url.searchParams.get('timer') ?? 0);
  const on = context.url.searchParams.get('turn') === 'on';
  const channel = Number(match[1]);
  return {
    status: 200,
    body: { ison: on, has_timer: seconds > 0, timer_duration: seconds, source: 'http' },
    pulse: on && seconds > 0 ? { channel, seconds, command: `relay/${match[1]} turn=on timer=${seconds}` } : undefined,
    latch: seconds > 0 ? undefined : { channel, on },
  };
}

const notFound: ProtocolAnswer = { status: 404, body: { error: 'Not Found' } };

/** `GET /shelly`: the device description, answered without credentials by every Shelly generation. */
function shellyDescription(context: ProtocolContext, gen: 1 | 2): ProtocolAnswer | null {
  if (context.url.pathname !== '/shelly') return null;
  const auth = Boolean(context.credentials);
  return { status: 200, body: gen === 1 ? { type: 'SHSW-1', auth } : { id: context.realm, gen: 2, auth_en: auth } };
}

function shellyGen1(context: ProtocolContext): ProtocolAnswer {
  const description = shellyDescription(context, 1);
  if (description) return description;
  if (!basicAuthOk(context)) return { status: 401, body: '401 Unauthorized' };
  return relayPath(context) ?? notFound;
}

function rpcCall(context: ProtocolContext): { method: string; params: Record<string, unknown>; id: unknown } | null {
  if (context.url.pathname === '/rpc' && context.request.method === 'POST') {
    try {
      const call = JSON.parse(context.body);
      return { method: String(call.method), params: call.params ?? {}, id: call.id };
    } catch {
      return null;
    }
  }
  const match = /^\/rpc\/([\w.]+)$/.exec(context.url.pathname);
  if (!match) return null;
  const params: Record<string, unknown> = {};
  for (const [key, value] of context.url.searchParams)
    params[key] = value === 'true' ? true : Number.isNaN(Number(value)) ? value : Number(value);
  return { method: match[1], params, id: 1 };
}

function shellyGen2(context: ProtocolContext): ProtocolAnswer {
  const description = shellyDescription(context, 2);
  if (description) return description;
  if (!digestAuthOk(context)) return digestChallenge(context);
  const gen1Compatible = relayPath(context);
  if (gen1Compatible) return gen1Compatible;
  const call = rpcCall(context);
  if (!call) return notFound;
  if (call.method !== 'Switch.Set')
    return { status: 404, body: { id: call.id, error: { code: 404, message: 'No handler' } } };
  const channel = Number(call.params.id ?? 0);
  const seconds = Number(call.params.toggle_after ?? 0);
  const on = call.params.on === true;
  return {
    status: 200,
    body: { id: call.id, src: context.realm, result: { was_on: false } },
    pulse:
      on && seconds > 0 ? { channel, seconds, command: `Switch.Set id=${channel} toggle_after=${seconds}` } : undefined,
    latch: seconds > 0 ? undefined : { channel, on },
  };
}

function tasmota(context: ProtocolContext): ProtocolAnswer {
  if (context.url.pathname !== '/cm') return notFound;
  const { searchParams } = context.url;
  const expected = context.credentials;
  const authorized =
    !context.refuseAll &&
    (!expected ||
      (searchParams.get('user') === (expected.username || 'admin') &&
        searchParams.get('password') === expected.password));
  if (!authorized) return { status: 401, body: { WARNING: 'Need user=<username>&password=<password>' } };
  const command = searchParams.get('cmnd') ?? '';
  const steps = command
    .replace(/^Backlog\s+/i, '')
    .split(';')
    .map((step) => step.trim());
  if (/^Status\s+0$/i.test(command)) return { status: 200, body: { Status: { Topic: 'tasmota' }, StatusNET: {} } };
  const off = /^Power(\d*)\s+(Off|0)$/i.exec(command);
  if (off)
    return {
      status: 200,
      body: { [`POWER${Number(off[1] || 1)}`]: 'OFF' },
      latch: { channel: Number(off[1] || 1) - 1, on: false },
    };
  const on = steps.map((step) => /^Power(\d*)\s+(On|1)$/i.exec(step)).find(Boolean);
  if (!on) return { status: 200, body: { Command: 'Unknown' } };
  const delay = steps.map((step) => /^Delay\s+(\d+)$/i.exec(step)).find(Boolean);
  const index = Number(on[1] || 1);
  if (!delay) return { status: 200, body: { [`POWER${index}`]: 'ON' }, latch: { channel: index - 1, on: true } };
  return {
    status: 200,
    body: { [`POWER${index}`]: 'ON' },
    pulse: { channel: index - 1, seconds: delay ? Number(delay[1]) / 10 : 0, command },
  };
}

function httpTemplate(context: ProtocolContext): ProtocolAnswer {
  if (!basicAuthOk(context)) return { status: 401, body: 'Unauthorized' };
  // Lets tests prove the server never follows a redirect: following it would record a pulse.
  if (context.url.pathname === '/redirect') return { status: 302, body: '', headers: { location: '/open' } };
  const { searchParams } = context.url;
  const channel = Number(searchParams.get('channel') ?? 0);
  // Templates are free-form: the simulator takes /hold and /release as the latching requests.
  if (context.url.pathname === '/hold' || context.url.pathname === '/release')
    return { status: 200, body: 'OK', latch: { channel, on: context.url.pathname === '/hold' } };
  return {
    status: 200,
    body: 'OK',
    pulse: {
      channel: Number(searchParams.get('channel') ?? 0),
      seconds: Number(searchParams.get('seconds') ?? 0),
      command: `${context.request.method} ${context.url.pathname}${context.url.search}`,
    },
  };
}

export const PROTOCOL_HANDLERS: Record<SimulatedProtocol, (context: ProtocolContext) => ProtocolAnswer> = {
  'shelly-gen1': shellyGen1,
  'shelly-gen2': shellyGen2,
  tasmota,
  'http-template': httpTemplate,
};
