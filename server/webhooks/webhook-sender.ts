import http from 'node:http';
import https from 'node:https';
import {
  ADDRESS_REFUSED,
  checkedLookup,
  type HostResolver,
  plainLookup,
} from '../platform/net/outbound-address-policy';
import { isRefusedWebhookUrl } from './webhook-address';

/** How long an attempt may take, from connecting to the end of the answer's first bytes. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of the answer the delivery log keeps. */
export const RESPONSE_BYTES_KEPT = 1024;

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface SendPolicy {
  allowLocal: boolean;
  resolve?: HostResolver;
  timeoutMs: number;
  /** The job's signal: aborted when the worker no longer holds the job or the process stops. */
  signal: AbortSignal;
}

/** What one attempt came to: the receiver's status and first bytes, or why there was no answer. */
export interface AttemptResult {
  statusCode: number | null;
  response: string;
  ok: boolean;
}

/**
 * POSTs one signed event. Only to an address the policy allows, as resolved for this very
 * connection; never follows a redirect (a 3xx is a failure); gives up after the timeout, so a
 * receiver that never answers holds a job worker no longer than that.
 */
export async function postWebhook(request: WebhookRequest, policy: SendPolicy): Promise<AttemptResult> {
  if (isRefusedWebhookUrl(request.url, policy.allowLocal)) return failure('Refused: not a public https address');
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  try {
    return await post(request, policy, AbortSignal.any([policy.signal, timeout]));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === ADDRESS_REFUSED) return failure('Refused: the name resolves to a local or private address');
    if (timeout.aborted) return failure(`No answer within ${policy.timeoutMs / 1000} s`);
    if (policy.signal.aborted) throw error;
    return failure(`Could not connect (${code ?? (error as Error).name})`);
  }
}

const failure = (response: string): AttemptResult => ({ statusCode: null, response, ok: false });

function post(request: WebhookRequest, policy: SendPolicy, signal: AbortSignal): Promise<AttemptResult> {
  const url = new URL(request.url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
      // A fresh connection each time: no socket opened under another policy is ever reused.
      agent: false,
      lookup: policy.allowLocal ? plainLookup(policy.resolve) : checkedLookup('internet', policy.resolve),
      signal,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = () => {
        res.destroy();
        const text = Buffer.concat(chunks).subarray(0, RESPONSE_BYTES_KEPT).toString('utf8');
        resolve({ statusCode: status, response: text, ok: status >= 200 && status < 300 });
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        kept += chunk.length;
        if (kept >= RESPONSE_BYTES_KEPT) finish();
      });
      res.on('end', finish);
      res.on('error', reject);
    });
    req.end(request.body);
  });
}
