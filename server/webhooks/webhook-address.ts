import { isRefusedHost } from '../platform/net/outbound-address-policy';

/**
 * True when webhooks may never be sent to this URL (docs/decisions/0063): anything but https, or
 * a host that is this machine, its link, a private network or a metadata service, in any
 * spelling; unless local addresses are allowed (ALLOW_LOCAL_DEVICES=1). Checked when an endpoint
 * is saved and before every attempt; a name is checked again on the address it resolves to when
 * the attempt connects (webhook-sender.ts).
 */
export function isRefusedWebhookUrl(address: string, allowLocal: boolean): boolean {
  if (allowLocal) return false;
  const url = new URL(address);
  return url.protocol !== 'https:' || isRefusedHost(url.hostname, 'internet');
}
