import { parseJson, type RelayDriver, runCommand, statusProblem } from './relay-driver';

/**
 * Tasmota HTTP `/cm?cmnd=`: one Backlog that switches on, waits on the device and switches off,
 * so the pulse never depends on a second request. Tasmota takes credentials as query fields.
 */
export const tasmotaDriver: RelayDriver = {
  name: 'tasmota',
  pulse(target, send) {
    const power = `Power${target.channel + 1}`;
    const command = `Backlog ${power} On; Delay ${target.pulseSeconds * 10}; ${power} Off`;
    const query = new URLSearchParams({ cmnd: command });
    if (target.credentials) {
      query.set('user', target.credentials.username || 'admin');
      query.set('password', target.credentials.password);
    }
    return runCommand(
      command,
      () => send({ method: 'GET', path: `/cm?${query.toString().replaceAll('+', '%20')}` }),
      (response) => {
        const problem = statusProblem(response);
        if (problem) return problem;
        const answer = parseJson(response.body);
        if (!answer) return 'the relay answer was not JSON';
        if ('WARNING' in answer) return 'the relay refused the credentials';
        if (answer.Command === 'Unknown') return 'the relay did not understand the command';
        return null;
      },
    );
  },
};
