import type { Queryable } from '../db/connect';
import { type CounterState, hitCounter, readCounter, refundCounter } from './limit-counters';
import type { LimitRule } from './limit-rules';

export interface Reservation {
  /** True while this hit is within the rule's allowance. */
  allowed: boolean;
  /** This hit's place in the window (1 for the first). */
  hits: number;
  /** Seconds until the window ends (for a Retry-After header and a message). */
  retryAfterSeconds: number;
}

const keyOf = (rule: LimitRule, subject: string) => `${rule.name}:${subject}`;

function secondsUntil(end: Date, now: Date) {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

function reservationOf(rule: LimitRule, state: CounterState, now: Date): Reservation {
  return {
    allowed: state.hits <= rule.max,
    hits: state.hits,
    retryAfterSeconds: secondsUntil(state.windowEndsAt, now),
  };
}

/** Counts one hit against `rule` for `subject`, before the work it guards is done. */
export async function reserve(db: Queryable, rule: LimitRule, subject: string, now: Date): Promise<Reservation> {
  return reservationOf(rule, await hitCounter(db, keyOf(rule, subject), rule.windowMs, now), now);
}

/** Gives a reserved hit back: the attempt it guarded turned out legitimate. */
export function release(db: Queryable, rule: LimitRule, subject: string) {
  return refundCounter(db, keyOf(rule, subject));
}

/** Whether `subject` has used up `rule` in the current window, without counting; seconds left if so. */
export async function exhausted(db: Queryable, rule: LimitRule, subject: string, now: Date): Promise<number | null> {
  const state = await readCounter(db, keyOf(rule, subject), now);
  return state && state.hits >= rule.max ? secondsUntil(state.windowEndsAt, now) : null;
}
