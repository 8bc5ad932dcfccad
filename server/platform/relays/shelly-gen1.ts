import { basicAuthHeader, parseJson, type RelayDriver, runCommand, shellyProbe, statusProblem } from './relay-driver';

/** Shelly Gen1 HTTP API (also accepted by Gen2+): `/relay/<ch>?turn=on&timer=<s>`, optional basic auth. */
export const shellyGen1Driver: RelayDriver = {
  name: 'shelly-gen1',
  probe: shellyProbe,
  pulse(target, send) {
    const path = `/relay/${target.channel}?turn=on&timer=${target.pulseSeconds}`;
    return runCommand(
      `GET ${path}`,
      () => send({ method: 'GET', path, headers: basicAuthHeader(target.credentials) }),
      (response) => {
        const problem = statusProblem(response);
        if (problem) return problem;
        return parseJson(response.body)?.ison === true ? null : 'the relay did not report that it switched on';
      },
    );
  },
};
