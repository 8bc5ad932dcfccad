import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/connect';
import {
  type CounterRow,
  type CounterState,
  counterHitSql,
  counterStateOf,
  counterStateSql,
  hitCounter,
  readCounter,
  refundCounter,
  setCounter,
} from './limit-counters';
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

/**
 * reserve() and exhausted() in one statement that also reads what the hit guards: a WITH clause
 * defining `locked` (the row of `lock` while it is used up: hits, window_ends_at) and `reserved`
 * (the hit against `rule`, counted only when `locked` is empty), for the caller's select to read
 * with reservedUnlessLocked.
 */
export function reserveUnlessLockedSql(rule: LimitRule, lock: LimitRule, subject: string, now: Date): SQL {
  const locked = sql`${counterStateSql(keyOf(lock, subject), now)} and hits >= ${lock.max}`;
  const reserved = counterHitSql(keyOf(rule, subject), rule.windowMs, now, sql`not exists (select 1 from locked)`);
  return sql`with locked as (${locked}), reserved as (${reserved})`;
}

/** The columns a select over reserveUnlessLockedSql reads for reservedUnlessLocked. */
export interface LockedOrReservedRow {
  locked_until: string | Date | null;
  hits: CounterRow['hits'] | null;
  window_ends_at: CounterRow['window_ends_at'] | null;
}

/** What reserveUnlessLockedSql answered: the seconds left of the lock when no hit was counted, or this hit's reservation. */
export function reservedUnlessLocked(
  rule: LimitRule,
  answer: LockedOrReservedRow,
  now: Date,
): { lockedForSeconds: number } | { reservation: Reservation } {
  const { hits, window_ends_at } = answer;
  if (hits === null || window_ends_at === null) {
    return { lockedForSeconds: secondsUntil(new Date(answer.locked_until ?? now), now) };
  }
  return { reservation: reservationOf(rule, counterStateOf({ hits, window_ends_at }), now) };
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

/** Uses up `rule` for `subject` for its whole window from now (a lockout), or ends it with `hits` 0. */
export function saturate(db: Queryable, rule: LimitRule, subject: string, now: Date, hits: number = rule.max) {
  return setCounter(db, keyOf(rule, subject), hits, rule.windowMs, now);
}
