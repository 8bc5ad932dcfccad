import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PropertyFeature } from '@core/constants';
import type { Role } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import webPush from 'web-push';
import { users } from '../../server/accounts/account-tables';
import { buildApp } from '../../server/app/app';
import { hashPassword } from '../../server/identity/passwords';
import type { Database } from '../../server/platform/db/connect';
import type { AppConfig } from '../../server/platform/settings/config';
import { properties } from '../../server/property-records/property-tables';
import { TestClock } from './test-clock';
import { createTestDatabase } from './test-database';

export const TEST_PASSWORD = 'correct horse battery';
/** The smallest argon2id memory that keeps tests quick; production uses 19 MiB. */
export const TEST_HASH_MEMORY_KIB = 256;

const TEST_VAPID_KEYS = webPush.generateVAPIDKeys();

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-test-')),
    appUrl: 'http://gatehouse.test',
    mailFrom: 'Gatehouse <no-reply@gatehouse.test>',
    secret: crypto.randomBytes(32),
    allowLocalDevices: true,
    // The authorization matrix lists the served routes from the document.
    apiDocs: true,
    databasePoolSize: 5,
    passwordHashMemoryKib: TEST_HASH_MEMORY_KIB,
    tokenLifetimeSeconds: 30 * 24 * 3600,
    sessionLifetimeSeconds: 30 * 24 * 3600,
    // Suites not about the second factor sign superadmins in with a password alone.
    adminMfa: 'optional',
    logLevel: 'silent',
    trustedProxies: [],
    jobPollMs: 50,
    jobLeaseSeconds: 30,
    jobConcurrency: 4,
    deviceHealthSweepMs: 60_000,
    vapid: { ...TEST_VAPID_KEYS, subject: 'mailto:push@gatehouse.test' },
    now: () => new Date(),
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  close(): Promise<void>;
}

/** The real app on a fresh database, with a hand-moved clock. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const clock = new TestClock();
  const database = await createTestDatabase();
  const app = await buildApp(testConfig({ now: clock.now, ...overrides }), database);
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now()}.${++counter}@example.com`;

export async function seedProperty(
  app: FastifyInstance,
  values: {
    propertyName?: string;
    propertyLocation?: string;
    propertyFeatures?: PropertyFeature[];
    timeZone?: string;
  } = {},
) {
  const [row] = await app.db
    .insert(properties)
    .values({
      propertyName: values.propertyName ?? `Oak Ridge ${++counter}`,
      propertyLocation: values.propertyLocation ?? '12 Oak Ridge Road, Springfield',
      propertyFeatures: values.propertyFeatures ?? ['qr'],
      timeZone: values.timeZone,
    })
    .returning();
  return row;
}

export interface SeededUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  propertyId: string | null;
  token: string;
}

/** A user who can sign in, with a session token issued the way login issues one. */
export async function seedUser(
  app: FastifyInstance,
  values: {
    role: Role;
    propertyId?: string | null;
    email?: string;
    firstName?: string;
    lastName?: string;
    phoneNumber?: string;
  },
): Promise<SeededUser> {
  const email = values.email ?? uniqueEmail(values.role);
  const [row] = await app.db
    .insert(users)
    .values({
      firstName: values.firstName ?? 'Test',
      lastName: values.lastName ?? values.role,
      email,
      role: values.role,
      propertyId: values.propertyId ?? null,
      phoneNumber: values.phoneNumber ?? null,
      passwordHash: await hashPassword(TEST_PASSWORD, TEST_HASH_MEMORY_KIB),
    })
    .returning();
  const token = await login(app, email, TEST_PASSWORD, values.role);
  return { id: row.id, email, password: TEST_PASSWORD, role: values.role, propertyId: row.propertyId, token };
}

export async function login(app: FastifyInstance, email: string, password: string, userType: Role): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/resident/login',
    payload: { email, password, userType },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
