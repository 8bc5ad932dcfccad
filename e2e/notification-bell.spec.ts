import { expect } from '@playwright/test';
import { moderateOrWorseFindings } from './support/axe';
import { signIn } from './support/fixtures';
import { shoot } from './support/screens';
import { BELL_RESIDENT, ELM, seedBellEvents, testWithSeededServer } from './support/seed-gate-log';

const test = testWithSeededServer(seedBellEvents);

test('the bell lists 10 recent activities, loads 10 more at the bottom, with messages and relative times', async ({
  page,
}) => {
  await signIn(page, BELL_RESIDENT);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Notifications' }).click();
  const dropdown = page.getByRole('dialog', { name: 'Recent Activities' });
  await expect(dropdown.getByText('Recent Activities')).toBeVisible();
  const items = dropdown.getByTestId('notification-item');
  await expect(items).toHaveCount(10);

  await expect(items.nth(0)).toContainText('User Access: Rhea Resident accessed Oak Ridge Estates');
  await expect(items.nth(1)).toContainText('Visitor Access: Vince Guest attempted to access Oak Ridge Estates');
  await expect(items.nth(2)).toContainText('User Access: Rhea Resident attempted to access the gate');
  await expect(items.nth(3)).toContainText('Gate activity recorded');
  await expect(items.nth(4)).toContainText('Visitor Access: Maya Guest accessed Oak Ridge Estates');
  await expect(items.nth(0).getByText('SUCCESS')).toBeVisible();
  await expect(items.nth(1).getByText('FAILED')).toBeVisible();
  await expect(items.nth(3).getByText('PARTIAL')).toBeVisible();
  await expect(items.nth(1).getByText('visitor', { exact: true })).toBeVisible();
  await expect(items.nth(0).getByText('user', { exact: true })).toBeVisible();

  const relative = dropdown.getByTestId('notification-relative-time');
  await expect(relative.nth(0)).toHaveText('Just now');
  await expect(relative.nth(1)).toHaveText(/^1[0-2] minutes ago$/);
  await expect(relative.nth(2)).toHaveText('3 hours ago');
  await expect(relative.nth(3)).toHaveText('2 days ago');
  await expect(relative.nth(4)).toHaveText('2 months ago');
  await expect(relative.nth(5)).toHaveText('2 years ago');
  await expect(items.nth(0)).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} E[SD]T/);

  const list = dropdown.getByTestId('notification-list');
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(items).toHaveCount(20);
  await expect(items.nth(19)).toContainText('Visitor Access: Old15 Guest accessed Oak Ridge Estates');
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(items).toHaveCount(26);
  await expect(dropdown.getByText('Loading more...')).toHaveCount(0);
  // An event at another property says so; the ones at her own do not.
  await expect(items.nth(25)).toContainText('Visitor Access: Wanda Guest attempted to access Elm Court');
  await expect(items.nth(25).getByTestId('notification-elsewhere')).toHaveText(
    `At ${ELM.propertyName}, not your property`,
  );
  await expect(dropdown.getByTestId('notification-elsewhere')).toHaveCount(1);
  await items.nth(25).scrollIntoViewIfNeeded();
  await shoot(page, 'item13-bell-elsewhere');
});

test("the bell's scrollable list is reachable by keyboard and axe finds nothing moderate or worse", async ({
  page,
}) => {
  await signIn(page, BELL_RESIDENT);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Notifications' }).click();
  const dropdown = page.getByRole('dialog', { name: 'Recent Activities' });
  await expect(dropdown.getByTestId('notification-item')).toHaveCount(10);
  const list = dropdown.getByRole('region', { name: 'Recent activities list' });
  await list.focus();
  await expect(list).toBeFocused();
  await page.keyboard.press('End');
  await expect(dropdown.getByTestId('notification-item')).toHaveCount(20);
  expect(await moderateOrWorseFindings(page)).toEqual([]);
});

test('a user without gate activity sees No notifications yet', async ({ page, seededServer }) => {
  await signIn(page, { ...seededServer.superadmin, role: 'superadmin' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('dialog', { name: 'Recent Activities' }).getByText('No notifications yet')).toBeVisible();
});

test("the bell's panel loads on the first press, by keyboard too, with focus kept on the bell", async ({ page }) => {
  const panelCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/notification-panel-[^/]+\.js$/.test(request.url())) panelCode.push(request.url());
  });
  await signIn(page, BELL_RESIDENT);
  await expect(page).toHaveURL(/\/$/);
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(bell).toHaveAttribute('aria-expanded', 'false');
  expect(panelCode).toEqual([]);
  await bell.focus();
  await page.keyboard.press('Enter');
  const dropdown = page.getByRole('dialog', { name: 'Recent Activities' });
  await expect(dropdown.getByTestId('notification-item').first()).toBeVisible();
  expect(panelCode).toHaveLength(1);
  await expect(bell).toBeFocused();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  await dropdown.getByRole('region', { name: 'Recent activities list' }).focus();
  await page.keyboard.press('Escape');
  await expect(dropdown).toBeHidden();
  await expect(bell).toHaveAttribute('aria-expanded', 'false');
  await bell.click();
  await expect(dropdown.getByTestId('notification-item').first()).toBeVisible();
});
