import type { HttpRelayDriverName, RelayFailure } from '@core/api/devices';
import type { RelayOperation } from './relay-operation';

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
  /** The kind of failure, for the person who pressed; absent on success. */
  failure?: RelayFailure;
  /** The command never reached the relay (no connection, no broker): nothing can have switched. */
  unsent?: boolean;
}

/** A held-open relay is latched on; a released one off. */
export type LatchState = 'on' | 'off';

/** The words for a driver that cannot hold a gate open (server/hold-open answers them). */
export const HOLD_UNSUPPORTED = "This device's driver can't hold the gate open";

/** One relay protocol. The pulse uses the device's own timer: never on, wait, off from the server. */
export interface RelayDriver {
  name: HttpRelayDriverName;
  pulse(target: RelayTarget, send: RelaySend): Promise<RelayOutcome>;
  /**
   * Latches the relay on (`on`) or releases it (`off`), with no timer: hold-open. Absent where the
   * driver has no such command; http-template answers `holdUnsupported` when its settings give none.
   */
  latch?(target: RelayTarget, send: RelaySend, state: LatchState): Promise<RelayOutcome>;
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
    /** The socket's error code, where the connection failed. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Socket errors raised before a connection existed: the relay cannot have received the command. */
const NO_CONNECTION_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** True when the command never reached the relay, so the gate cannot have moved. */
function neverSent(error: unknown): boolean {
  if (!(error instanceof RelayHttpError)) return false;
  if (error.kind === 'connect-timeout' || error.kind === 'address-refused') return true;
  return error.kind === 'unreachable' && NO_CONNECTION_CODES.has(error.code ?? '');
}

/** The relay's answer to wrong or missing credentials, in the relay log's words. */
export const CREDENTIALS_REFUSED = 'the relay refused the credentials';

function failureOfSend(error: unknown): RelayFailure {
  if (!(error instanceof RelayHttpError)) return 'no-answer';
  if (error.kind === 'address-refused') return 'address-refused';
  return error.kind === 'too-large' ? 'error-answer' : 'no-answer';
}

/** A failed command as one operation, with its reason for the log and its kind for the person. */
export const failedCommand = (command: string, error: string, failure: RelayFailure): RelayOutcome => ({
  operations: [{ command, success: false }],
  error,
  failure,
});

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
    if (!problem) return { operations: [{ command, success: true }] };
    return failedCommand(command, problem, problem === CREDENTIALS_REFUSED ? 'credentials-refused' : 'error-answer');
  } catch (error) {
    const reason = error instanceof RelayHttpError ? error.message : 'the relay could not be reached';
    return { ...failedCommand(command, reason, failureOfSend(error)), ...(neverSent(error) && { unsent: true }) };
  }
}

/** The common failure reasons of an HTTP answer, or null when the status is 2xx. */
export function statusProblem(response: RelayResponse): string | null {
  if (response.status === 401 || response.status === 403) return CREDENTIALS_REFUSED;
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
