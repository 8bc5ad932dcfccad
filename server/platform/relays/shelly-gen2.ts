import { digestAuthorization, parseDigestChallenge } from '@core/relays/digest-auth';
import {
  parseJson,
  type RelayDriver,
  type RelayRequest,
  type RelaySend,
  type RelayTarget,
  runCommand,
  shellyProbe,
  statusProblem,
} from './relay-driver';

const RPC_PATH = '/rpc';

/** `Switch.Set` with its parameters, signed with a digest when the device challenges. */
function switchSet(target: RelayTarget, send: RelaySend, params: Record<string, unknown>) {
  const request: RelayRequest = {
    method: 'POST',
    path: RPC_PATH,
    body: JSON.stringify({ id: 1, method: 'Switch.Set', params: { id: target.channel, ...params } }),
    headers: { 'content-type': 'application/json' },
  };
  const label = Object.entries(params)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  return runCommand(
    `Switch.Set id=${target.channel} ${label}`,
    async () => {
      const first = await send(request);
      const challenge = first.status === 401 ? parseDigestChallenge(first.headers['www-authenticate']) : null;
      if (!challenge || !target.credentials) return first;
      const authorization = digestAuthorization(challenge, {
        method: request.method,
        uri: RPC_PATH,
        username: target.credentials.username || 'admin',
        password: target.credentials.password,
      });
      return send({ ...request, headers: { ...request.headers, authorization } });
    },
    (response) => {
      const problem = statusProblem(response);
      if (problem) return problem;
      const answer = parseJson(response.body);
      return answer && 'result' in answer && !answer.error ? null : 'the relay rejected Switch.Set';
    },
  );
}

/**
 * Shelly Gen2+ RPC: `Switch.Set` with `toggle_after`, so the device turns itself off. With
 * credentials, the first answer is a SHA-256 digest challenge; the signed request is the one
 * and only command (the challenge did not switch anything).
 */
export const shellyGen2Driver: RelayDriver = {
  name: 'shelly-gen2',
  probe: shellyProbe,
  pulse: (target, send) => switchSet(target, send, { on: true, toggle_after: target.pulseSeconds }),
  /** No toggle_after: the switch stays as set. */
  latch: (target, send, state) => switchSet(target, send, { on: state === 'on' }),
};
