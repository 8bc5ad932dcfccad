import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Orm } from '../db/connect';
import { rowsOf } from '../db/rows';

/**
 * The Prometheus metrics of one app (its own registry, so several apps in one test process do
 * not collide): request latency by route, gate decisions by outcome, relay pulses by driver and
 * result, login failures, and the job queue's depth and oldest due job, read at scrape time.
 */
export class GatehouseMetrics {
  readonly registry = new Registry();
  readonly requestDuration = new Histogram({
    name: 'gatehouse_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly gateDecisions = new Counter({
    name: 'gatehouse_gate_decisions_total',
    help: 'QR and PIN decisions at gate readers by outcome (granted, a refusal reason, throttled, relay_failed)',
    labelNames: ['credential', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly relayPulses = new Counter({
    name: 'gatehouse_relay_pulses_total',
    help: 'Relay pulses sent, by driver and result (success, partial, failed)',
    labelNames: ['driver', 'result'] as const,
    registers: [this.registry],
  });
  readonly loginFailures = new Counter({
    name: 'gatehouse_login_failures_total',
    help: 'Refused sign-ins by reason (credentials, throttled)',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  constructor(db: Orm) {
    const pending = sql`from jobs where done_at is null and failed_at is null and run_at <= now()`;
    const readQueue = async () => {
      const result = await db.execute(
        sql`select count(*)::int as depth, coalesce(extract(epoch from now() - min(run_at)), 0)::float as oldest ${pending}`,
      );
      const [row] = rowsOf<{ depth: number; oldest: number }>(result);
      return row;
    };
    new Gauge({
      name: 'gatehouse_job_queue_depth',
      help: 'Background jobs due and not yet done',
      registers: [this.registry],
      async collect() {
        this.set((await readQueue()).depth);
      },
    });
    new Gauge({
      name: 'gatehouse_job_queue_oldest_age_seconds',
      help: 'How long the oldest due job has been waiting',
      registers: [this.registry],
      async collect() {
        this.set((await readQueue()).oldest);
      },
    });
    collectDefaultMetrics({ register: this.registry, prefix: 'gatehouse_' });
  }
}
