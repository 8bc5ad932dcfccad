import { httpTemplateSettingsSchema } from '@core/api/devices';
import { basicAuthHeader, type RelayDriver, type RelayTarget, runCommand, statusProblem } from './relay-driver';

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
export const httpTemplateDriver: RelayDriver = {
  name: 'http-template',
  pulse(target, send) {
    const settings = httpTemplateSettingsSchema.parse(target.settings);
    const path = fill(settings.pathTemplate, target, encodeURIComponent);
    const body = settings.bodyTemplate === undefined ? undefined : fill(settings.bodyTemplate, target, (v) => v);
    const headers = { ...basicAuthHeader(target.credentials), ...(body ? { 'content-type': 'application/json' } : {}) };
    return runCommand(
      `${settings.method} ${path}`,
      () => send({ method: settings.method, path, body, headers }),
      (response) => {
        const problem = statusProblem(response);
        if (problem) return problem;
        if (settings.successMatch && !response.body.includes(settings.successMatch)) {
          return 'the relay answer did not confirm the pulse';
        }
        return null;
      },
    );
  },
};
