import type { MqttRelayDriverName } from '@core/api/devices';
import type { MqttLink } from '../mqtt/mqtt-link';
import { failedCommand, type LatchState, type RelayOutcome } from './relay-driver';

/** An MQTT relay: found on the broker by its topic, not by an address. */
export interface MqttRelayTarget {
  topic: string;
  channel: number;
  pulseSeconds: number;
}

export interface MqttRelayDriver {
  name: MqttRelayDriverName;
  pulse(target: MqttRelayTarget, link: MqttLink, totalMs: number): Promise<RelayOutcome>;
  /** Latches the relay on or releases it, with no timer: hold-open. */
  latch(target: MqttRelayTarget, link: MqttLink, totalMs: number, state: LatchState): Promise<RelayOutcome>;
}

type Answer = Record<string, unknown> | null;

/**
 * Publishes one command and waits for its answer within the total timeout; records it as one
 * operation. The command is published once, never again: no answer is a failure, not a retry.
 */
export async function runMqttCommand(
  link: MqttLink,
  totalMs: number,
  command: { label: string; topic: string; payload: string },
  waiter: { answer: Promise<Answer>; cancel: () => void },
  accept: (answer: Answer) => string | null,
): Promise<RelayOutcome> {
  let timer: NodeJS.Timeout | undefined;
  try {
    if (!link.connected)
      return failedCommand(command.label, 'the server is not connected to the MQTT broker', 'no-broker');
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), totalMs);
    });
    await Promise.race([link.publish(command.topic, command.payload), timeout]);
    const answer = await Promise.race([waiter.answer, timeout]);
    if (answer === 'timeout') {
      return failedCommand(command.label, `the relay did not answer within ${totalMs} ms`, 'no-answer');
    }
    const problem = accept(answer);
    return problem
      ? failedCommand(command.label, problem, 'error-answer')
      : { operations: [{ command: command.label, success: true }] };
  } catch {
    return failedCommand(command.label, 'the command could not be published to the MQTT broker', 'no-broker');
  } finally {
    clearTimeout(timer);
    waiter.cancel();
  }
}
