import { httpTemplateSettingsSchema } from '@core/api/devices';
import {
  basicAuthHeader,
  failedCommand,
  HOLD_UNSUPPORTED,
  type RelayDriver,
  type RelaySend,
  type RelayTarget,
  runCommand,
  statusProblem,
} from './relay-driver';

function fill(template: string, target: RelayTarget, encode: (value: string) => string): string {
  return template
    .replaceAll('{channel}', encode(String(target.channel)))
    .replaceAll('{seconds}', encode(String(target.pulseSeconds)))
    .replaceAll('{milliseconds}', encode(String(target.pulseSeconds * 1000)));
}

/**
 * Any relay with an HTTP API: method, path template and optional body template with {channel},
 * {seconds} and {milliseconds}; success is a 2xx whose body contains `successMatch` when set.
 * Only the path is configurable, so the request always goes to the registered address.
 */
/** Sends one filled template; success is a 2xx whose body contains `successMatch` when set. */
function sendTemplate(
  target: RelayTarget,
  send: RelaySend,
  template: { method: 'GET' | 'POST' | 'PUT'; pathTemplate: string; bodyTemplate?: string },
  confirmation: { successMatch?: string; unconfirmed: string },
) {
  const path = fill(template.pathTemplate, target, encodeURIComponent);
  const body = template.bodyTemplate === undefined ? undefined : fill(template.bodyTemplate, target, (v) => v);
  const headers = { ...basicAuthHeader(target.credentials), ...(body ? { 'content-type': 'application/json' } : {}) };
  return runCommand(
    `${template.method} ${path}`,
    () => send({ method: template.method, path, body, headers }),
    (response) => {
      const problem = statusProblem(response);
      if (problem) return problem;
      const { successMatch } = confirmation;
      if (successMatch && !response.body.includes(successMatch)) return confirmation.unconfirmed;
      return null;
    },
  );
}

/** Whether a device's template settings give the hold and release requests. */
export function templateCanHold(settings: Record<string, unknown>): boolean {
  const parsed = httpTemplateSettingsSchema.safeParse(settings);
  return parsed.success && Boolean(parsed.data.holdPathTemplate && parsed.data.releasePathTemplate);
}

/**
 * Any relay with an HTTP API: method, path template and optional body template with {channel},
 * {seconds} and {milliseconds}; success is a 2xx whose body contains `successMatch` when set.
 * Only the path is configurable, so the request always goes to the registered address. Hold and
 * release are the optional holdPathTemplate/releasePathTemplate (with their bodies), same method.
 */
export const httpTemplateDriver: RelayDriver = {
  name: 'http-template',
  pulse(target, send) {
    const settings = httpTemplateSettingsSchema.parse(target.settings);
    const unconfirmed = 'the relay answer did not confirm the pulse';
    return sendTemplate(target, send, settings, { successMatch: settings.successMatch, unconfirmed });
  },
  async latch(target, send, state) {
    const settings = httpTemplateSettingsSchema.parse(target.settings);
    const pathTemplate = state === 'on' ? settings.holdPathTemplate : settings.releasePathTemplate;
    const bodyTemplate = state === 'on' ? settings.holdBodyTemplate : settings.releaseBodyTemplate;
    if (!pathTemplate) return failedCommand(`http-template ${state}`, HOLD_UNSUPPORTED, 'error-answer');
    const unconfirmed = `the relay answer did not confirm the ${state === 'on' ? 'hold' : 'release'}`;
    const template = { method: settings.method, pathTemplate, bodyTemplate };
    return sendTemplate(target, send, template, { successMatch: settings.successMatch, unconfirmed });
  },
};
