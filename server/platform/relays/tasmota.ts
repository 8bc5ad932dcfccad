import {
  CREDENTIALS_REFUSED,
  parseJson,
  type RelayDriver,
  type RelayResponse,
  type RelayTarget,
  runCommand,
  statusProblem,
} from './relay-driver';

/** `/cm?cmnd=...`; Tasmota takes credentials as query fields. */
function commandPath(target: RelayTarget, command: string) {
  const query = new URLSearchParams({ cmnd: command });
  if (target.credentials) {
    query.set('user', target.credentials.username || 'admin');
    query.set('password', target.credentials.password);
  }
  return `/cm?${query.toString().replaceAll('+', '%20')}`;
}

/** Why Tasmota's answer to a command is not an accepted one, or null. */
function answerProblem(response: RelayResponse) {
  const problem = statusProblem(response);
  if (problem) return problem;
  const answer = parseJson(response.body);
  if (!answer) return 'the relay answer was not JSON';
  if ('WARNING' in answer) return CREDENTIALS_REFUSED;
  if (answer.Command === 'Unknown') return 'the relay did not understand the command';
  return null;
}

/**
 * Tasmota HTTP: one Backlog that switches on, waits on the device and switches off, so the pulse
 * never depends on a second request.
 */
export const tasmotaDriver: RelayDriver = {
  name: 'tasmota',
  pulse(target, send) {
    const power = `Power${target.channel + 1}`;
    const command = `Backlog ${power} On; Delay ${target.pulseSeconds * 10}; ${power} Off`;
    return runCommand(command, () => send({ method: 'GET', path: commandPath(target, command) }), answerProblem);
  },
  /** `Power<n> On` / `Power<n> Off`: no Delay, so the relay stays as set. */
  latch(target, send, state) {
    const command = `Power${target.channel + 1} ${state === 'on' ? 'On' : 'Off'}`;
    return runCommand(command, () => send({ method: 'GET', path: commandPath(target, command) }), answerProblem);
  },
  probe(target, send) {
    return runCommand('Status 0', () => send({ method: 'GET', path: commandPath(target, 'Status 0') }), answerProblem);
  },
};
