// A table named in raw SQL (`from users u`, `join devices d`) is a reader no import shows, so lint's
// ownership rule cannot see it (docs/decisions/0112). This finds every such reader of another
// domain's table; those found when issue 42 closed are listed, and the list may only shrink.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });

/** server/<domain>/… → domain; the platform and app/ are one owner each (the platform knows no domain). */
const ownerOf = (file: string) => file.split(path.sep)[1] as string;

const files = sourceFiles('server');
const tableOwners = new Map<string, string>();
for (const file of files.filter((name) => name.endsWith('-tables.ts'))) {
  for (const match of fs.readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'([a-z_]+)'/g))
    tableOwners.set(match[1] as string, ownerOf(file));
}

function rawReaders() {
  const found: string[] = [];
  for (const file of files) {
    if (file.endsWith('-tables.ts') || ownerOf(file) === 'app') continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const [table, owner] of tableOwners) {
      if (owner !== ownerOf(file) && new RegExp(`\\b(from|join)\\s+${table}\\b`).test(text))
        found.push(`${file} → ${table}`);
    }
  }
  return found.sort();
}

// Each to become an owner function or row view (decision 0112); none may be added.
const KNOWN = [
  'server/activity/activity-retention.ts → properties',
  'server/authorization/caller.ts → passkeys',
  'server/authorization/paused-sessions.ts → properties',
  'server/authorization/paused-sessions.ts → users',
  'server/device-health/seen-writes.ts → devices',
  'server/gate-log/gate-log-retention.ts → properties',
  'server/gate-log/gate-log-sink.ts → openings_in_flight',
  'server/hold-open/hold-reconcile.ts → device_pulses',
  'server/intercom/directory-store.ts → access_groups',
  'server/intercom/directory-store.ts → users',
  'server/property-rules/access-group-queries.ts → devices',
  'server/property-rules/access-group-queries.ts → users',
  'server/property-rules/gate-schedules.ts → devices',
  'server/property-rules/gate-schedules.ts → users',
  'server/property-rules/gateless-resident.ts → devices',
  'server/property-rules/gateless-resident.ts → users',
  'server/property-rules/rule-facts.ts → users',
];

describe("raw SQL naming another domain's table", () => {
  it('finds the tables of every owner', () => {
    expect(tableOwners.get('users')).toBe('accounts');
    expect(tableOwners.get('gate_holds')).toBe('device-records');
  });

  it('is only where it was when the tables got their owners, and the list shrinks as it goes', () => {
    expect(rawReaders()).toEqual(KNOWN);
  });
});
