import type { ManagedUser } from '@core/api/dashboard';
import { addDays, todayIn } from '@core/time/zoned-time';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AccessDatesBadge } from './access-dates-badge';

const ZONE = 'Pacific/Auckland';
const today = todayIn(ZONE);
const userWith = (dates: Pick<ManagedUser, 'accessFrom' | 'accessUntil'>) =>
  ({
    property: { _id: 'p', propertyName: 'Maple Grove', propertyLocation: 'Here', timeZone: ZONE },
    ...dates,
  }) as ManagedUser;
const shown = (dates: Pick<ManagedUser, 'accessFrom' | 'accessUntil'>) =>
  renderToStaticMarkup(
    <MantineProvider>
      <AccessDatesBadge user={userWith(dates)} />
    </MantineProvider>,
  )
    .replace(/<style[^>]*>[^<]*<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const monthDay = (date: string, withYear = false) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
  });

describe('the Users table badge for access dates, on the property’s calendar', () => {
  it('says when access starts, or when it ended, and nothing inside the dates', () => {
    const soon = addDays(today, 3);
    const past = addDays(today, -2);
    expect(shown({ accessFrom: soon, accessUntil: null })).toBe(
      `Starts ${monthDay(soon, soon.slice(0, 4) !== today.slice(0, 4))}`,
    );
    expect(shown({ accessFrom: null, accessUntil: past })).toBe(
      `Ended ${monthDay(past, past.slice(0, 4) !== today.slice(0, 4))}`,
    );
    expect(shown({ accessFrom: today, accessUntil: today })).toBe('');
    expect(shown({ accessFrom: null, accessUntil: null })).toBe('');
  });

  it('names the year of a date in another year', () => {
    const nextYear = addDays(today, 400);
    expect(shown({ accessFrom: nextYear, accessUntil: null })).toBe(`Starts ${monthDay(nextYear, true)}`);
  });
});
