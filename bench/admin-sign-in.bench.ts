// What an administrator's sign-in costs: the steps and the server's milliseconds of
// each, for a superadmin with the password alone, with an authenticator app (TOTP) and with a
// passkey, against a real Gatehouse process at production password strength (argon2id, 19 MiB).
// One sign-in at a time, each by its own account (a TOTP code works once per account and step).
// `npx tsx bench/admin-sign-in.bench.ts` (PGlite; DATABASE_URL for PostgreSQL). BENCH_PEOPLE=20.
import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib/functional';
import { startGatehouse } from '../e2e/support/gatehouse-server';
import { users } from '../server/accounts/account-tables';
import { ARGON2_MEMORY_KIB, hashPassword } from '../server/identity/passwords';
import { SoftwareAuthenticator } from '../test/support/software-authenticator';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 20);
const PASSWORD = 'admin-bench-password-123';
type Kind = 'password' | 'totp' | 'passkey';
const KINDS: Kind[] = ['password', 'totp', 'passkey'];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50Ms: Math.round(percentile(sorted, 0.5)), p95Ms: Math.round(percentile(sorted, 0.95)) };
};

async function main() {
  const passwordHash = await hashPassword(PASSWORD, ARGON2_MEMORY_KIB);
  const emails = Object.fromEntries(
    KINDS.map((kind) => [kind, Array.from({ length: PEOPLE }, (_, i) => `${kind}-${i}@bench.test`)]),
  ) as Record<Kind, string[]>;
  const server = await startGatehouse(
    { LOG_LEVEL: 'warn', PASSWORD_HASH_MEMORY_KIB: String(ARGON2_MEMORY_KIB), TRUST_PROXY: '127.0.0.1' },
    {
      // Passkeys need a domain as the relying party; the process still listens on 127.0.0.1.
      publicHost: 'localhost',
      seed: async (orm) => {
        await orm.insert(users).values(
          Object.values(emails)
            .flat()
            .map((email) => ({
              firstName: 'Bench',
              lastName: 'Admin',
              email,
              role: 'superadmin' as const,
              passwordHash,
            })),
        );
      },
    },
  );
  const origin = server.baseURL;
  const apiBase = origin.replace('//localhost:', '//127.0.0.1:');
  let address = 0;
  const call = async (url: string, body?: object, token?: string) => {
    address++;
    const started = performance.now();
    const answer = await fetch(`${apiBase}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.60.${address >> 8}.${address & 255}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body ?? {}),
    });
    const json = await answer.json();
    if (!answer.ok) throw new Error(`${url}: ${answer.status} ${JSON.stringify(json)}`);
    return { json, ms: performance.now() - started };
  };
  const passwordStep = (email: string) =>
    call('/api/resident/login', { email, password: PASSWORD, userType: 'superadmin' });

  try {
    // Enrolment, not measured: each TOTP account gets an authenticator, each passkey account a passkey.
    const secrets = new Map<string, string>();
    const keys = new Map<string, SoftwareAuthenticator>();
    for (const email of emails.totp) {
      const { token } = (await passwordStep(email)).json;
      const { secret } = (await call('/api/second-factor/totp/setup', {}, token)).json;
      const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
      await call('/api/second-factor/totp/confirm', { code }, token);
      secrets.set(email, secret);
    }
    for (const email of emails.passkey) {
      const { token } = (await passwordStep(email)).json;
      const key = new SoftwareAuthenticator(new URL(origin).hostname);
      const { options } = (await call('/api/second-factor/passkeys/options', {}, token)).json;
      await call(
        '/api/second-factor/passkeys',
        { name: 'Bench key', credential: key.register(options, origin) },
        token,
      );
      keys.set(email, key);
    }

    const steps: Record<string, number[]> = {};
    const note = (step: string, ms: number) => {
      steps[step] ??= [];
      steps[step].push(ms);
    };
    const totals: Record<Kind, number[]> = { password: [], totp: [], passkey: [] };
    for (let i = 0; i < PEOPLE; i++) {
      const plain = await passwordStep(emails.password[i]);
      note('password (no second factor)', plain.ms);
      totals.password.push(plain.ms);

      const totpEmail = emails.totp[i];
      const first = await passwordStep(totpEmail);
      // The enrolment code's step is used up; the next step's code is within the allowed drift.
      const code = await generate({ secret: secrets.get(totpEmail)!, epoch: Math.floor(Date.now() / 1000) + 30 });
      const second = await call('/api/resident/login/second-factor', { pendingToken: first.json.pendingToken, code });
      note('password (then TOTP)', first.ms);
      note('TOTP code', second.ms);
      totals.totp.push(first.ms + second.ms);

      const keyEmail = emails.passkey[i];
      const start = await passwordStep(keyEmail);
      const pendingToken = start.json.pendingToken;
      const options = await call('/api/resident/login/passkey/options', { pendingToken });
      const credential = keys.get(keyEmail)!.authenticate(options.json.options, origin);
      const finish = await call('/api/resident/login/passkey', { pendingToken, credential });
      if (!finish.json.token) throw new Error('passkey sign-in gave no token');
      note('password (then passkey)', start.ms);
      note('passkey options', options.ms);
      note('passkey answer', finish.ms);
      totals.passkey.push(start.ms + options.ms + finish.ms);
    }
    const result = {
      measuredAt: new Date().toISOString(),
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      signInsPerKind: PEOPLE,
      hash: `argon2id m=${ARGON2_MEMORY_KIB} KiB t=2 p=1`,
      note: 'server round trips only; the person typing a code or touching a key adds seconds',
      requests: { password: 1, totp: 2, passkey: 3 },
      screens: { password: 1, totp: 2, passkey: 2 },
      steps: Object.fromEntries(Object.entries(steps).map(([step, times]) => [step, summary(times)])),
      total: Object.fromEntries(Object.entries(totals).map(([kind, times]) => [kind, summary(times)])),
    };
    console.log(JSON.stringify(result, null, 2));
    const file = `admin-sign-in-${result.database}.json`;
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync(path.join('bench/results', file), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await server.stop();
  }
}

await main();
