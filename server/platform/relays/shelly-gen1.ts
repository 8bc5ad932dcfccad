import {
  basicAuthHeader,
  type LatchState,
  parseJson,
  type RelayDriver,
  type RelaySend,
  type RelayTarget,
  runCommand,
  shellyProbe,
  statusProblem,
} from './relay-driver';

/** One `/relay/<ch>?turn=...` request, accepted when the relay reports the state asked for. */
function turn(target: RelayTarget, send: RelaySend, query: string, ison: boolean) {
  const path = `/relay/${target.channel}?${query}`;
  return runCommand(
    `GET ${path}`,
    () => send({ method: 'GET', path, headers: basicAuthHeader(target.credentials) }),
    (response) => {
      const problem = statusProblem(response);
      if (problem) return problem;
      if (parseJson(response.body)?.ison === ison) return null;
      return ison ? 'the relay did not report that it switched on' : 'the relay did not report that it switched off';
    },
  );
}

/** Shelly Gen1 HTTP API (also accepted by Gen2+): `/relay/<ch>?turn=on&timer=<s>`, optional basic auth. */
export const shellyGen1Driver: RelayDriver = {
  name: 'shelly-gen1',
  probe: shellyProbe,
  pulse: (target, send) => turn(target, send, `turn=on&timer=${target.pulseSeconds}`, true),
  /** No timer: the relay stays as set until told otherwise. */
  latch: (target, send, state: LatchState) => turn(target, send, `turn=${state}`, state === 'on'),
};
