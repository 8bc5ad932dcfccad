import type { HttpRelayDriverName } from '@core/api/devices';
import type { RelayOperation } from '../db/schema';

/** Where and how to pulse one relay; built from a device row, credentials already decrypted. */
export interface RelayTarget {
  /** Host name or IP literal (IPv6 without brackets). */
  host: string;
  port: number;
  channel: number;
  pulseSeconds: number;
  credentials: { username: string; password: string } | null;
  settings: Record<string, unknown>;
}

export interface RelayRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface RelayResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends one HTTP request to the target's registered address; throws RelayHttpError on no answer. */
export type RelaySend = (request: RelayRequest) => Promise<RelayResponse>;

export interface RelayOutcome {
  operations: RelayOperation[];
  /** Why the pulse failed, for the relay log; absent on success. */
  error?: string;
}

/** One relay protocol. The pulse uses the device's own timer: never on, wait, off from the server. */
export interface RelayDriver {
  name: HttpRelayDriverName;
  pulse(target: RelayTarget, send: RelaySend): Promise<RelayOutcome>;
  /**
   * Asks the device for its status without switching anything: device health's probe. Absent where
   * no request is known to be harmless (a template's URL may switch the relay).
   */
  probe?(target: RelayTarget, send: RelaySend): Promise<RelayOutcome>;
}

/** Shelly's device description (Gen1 and Gen2+ alike): answered without credentials, switches nothing. */
export function shellyProbe(_target: RelayTarget, send: RelaySend): Promise<RelayOutcome> {
  return runCommand('GET /shelly', () => send({ method: 'GET', path: '/shelly' }), statusProblem);
}

export class RelayHttpError extends Error {
  constructor(
    readonly kind: 'connect-timeout' | 'timeout' | 'unreachable' | 'address-refused' | 'too-large',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs one command and records it as an operation: answered and accepted is success, anything
 * else (no answer, refused, wrong credentials, error status) is a failed operation with its reason.
 */
export async function runCommand(
  command: string,
  send: () => Promise<RelayResponse>,
  accept: (response: RelayResponse) => string | null,
): Promise<RelayOutcome> {
  try {
    const response = await send();
    const problem = accept(response);
    return problem
      ? { operations: [{ command, success: false }], error: problem }
      : { operations: [{ command, success: true }] };
  } catch (error) {
    const reason = error instanceof RelayHttpError ? error.message : 'the relay could not be reached';
    return { operations: [{ command, success: false }], error: reason };
  }
}

/** The common failure reasons of an HTTP answer, or null when the status is 2xx. */
export function statusProblem(response: RelayResponse): string | null {
  if (response.status === 401 || response.status === 403) return 'the relay refused the credentials';
  if (response.status < 200 || response.status >= 300) return `the relay answered HTTP ${response.status}`;
  return null;
}

export function parseJson(body: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(body);
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

export function basicAuthHeader(credentials: RelayTarget['credentials']): Record<string, string> {
  if (!credentials) return {};
  const token = Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64');
  return { authorization: `Basic ${token}` };
}
