import type { z } from 'zod';

/**
 * A kind of background job and the shape of its payload. The payload carries references to rows
 * (ids) and sealed secrets (job-secret.ts) only; the handler reads the rows and renders the
 * message when it runs, so the jobs table never holds what a message would reveal.
 */
export interface JobKind<Payload extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly payload: Payload;
  /**
   * The lane whose workers run it; unset: the shared one. Work that waits on another party's
   * server (webhook deliveries) has a lane of its own, so a backlog of slow answers never takes the
   * workers that send emails and pushes (docs/decisions/0103-job-lanes.md).
   */
  readonly lane?: string;
}

export function jobKind<Payload extends z.ZodType>(
  name: string,
  payload: Payload,
  options: { lane?: string } = {},
): JobKind<Payload> {
  return { name, payload, ...options };
}

export interface RunningJob {
  id: number;
  attempts: number;
  /**
   * Aborted when this worker can no longer be sure it holds the job (its lease could not be
   * renewed in time, or another worker took it over). A handler passes it to whatever it waits on,
   * so no second worker runs the job while this one might still finish it.
   */
  signal: AbortSignal;
}

export type JobHandler<Kind extends JobKind> = (payload: z.output<Kind['payload']>, job: RunningJob) => Promise<void>;
