// The demo's people: a property manager and two residents who can sign in at once (their
// invitations are accepted here with a known demo password), and visitors with QR codes of each
// kind. Running the seed again finds them by email and adds nothing.
import { registerVisitorRequest } from '@core/api/visitors';
import type { FastifyInstance } from 'fastify';
import { accountIdByEmail } from '../server/accounts/account-credentials';
import { findCaller } from '../server/authorization/caller';
import { endSession, startSession } from '../server/authorization/session-queries';
import { setPassword } from '../server/identity/set-password';
import { inviteUser } from '../server/people/invite-user';
import { visitorsRegisteredBy } from '../server/visitors/manage-visitor-queries';
import { registerVisitor } from '../server/visitors/register-visitor';

export const DEMO_PASSWORD = 'maple-grove-demo';

const PEOPLE = [
  { firstName: 'Morgan', lastName: 'Manager', email: 'manager@maple-grove.example', role: 'admin' },
  { firstName: 'Riley', lastName: 'Resident', email: 'riley@maple-grove.example', role: 'resident' },
  { firstName: 'Sam', lastName: 'Sanchez', email: 'sam@maple-grove.example', role: 'resident' },
] as const;

const noDates = { recurringDays: [], multipleDays: [], timezone: 'America/New_York' };

function visitorsOf(today: string) {
  return [
    {
      firstName: 'Dana',
      lastName: 'Delivery',
      email: 'dana@visitors.example',
      qrType: 'betweenDates',
      startDate: today,
      startTime: '08:00',
      endDate: today,
      endTime: '18:00',
      lifetimeValidity: false,
      ...noDates,
    },
    {
      firstName: 'Casey',
      lastName: 'Cleaner',
      email: 'casey@visitors.example',
      qrType: 'weekdays',
      lifetimeValidity: false,
      ...noDates,
      recurringDays: [
        { day: 'Monday', startTime: '09:00', endTime: '13:00' },
        { day: 'Thursday', startTime: '09:00', endTime: '13:00' },
      ],
    },
    {
      firstName: 'Grace',
      lastName: 'Grandma',
      email: 'grace@visitors.example',
      qrType: 'betweenDates',
      startDate: today,
      startTime: '00:00',
      lifetimeValidity: true,
      ...noDates,
    },
  ];
}

async function demoUser(app: FastifyInstance, propertyId: string, person: (typeof PEOPLE)[number]) {
  const existing = await accountIdByEmail(app.db, person.email);
  if (existing) return existing;
  return app.db.transaction(async (tx) => {
    const invited = await inviteUser(app, tx, { ...person, phoneNumber: null, propertyId });
    await setPassword(app, tx, invited.userId, DEMO_PASSWORD, { reason: 'password-changed' });
    return invited.userId;
  });
}

/** Creates the demo people of a property; returns who can sign in, for the printout. */
export async function seedDemoPeople(app: FastifyInstance, propertyId: string, today: string) {
  const ids = [];
  for (const person of PEOPLE) ids.push(await demoUser(app, propertyId, person));
  // Visitors are registered as the resident, through a session opened for that and ended after.
  const now = app.config.now();
  const source = { userAgent: 'demo seeding', address: '127.0.0.1', now, lifetimeSeconds: 60 };
  const session = await startSession(app.db, { userId: ids[1], ...source });
  const resident = await findCaller(app.db, ids[1], session.id);
  const registered = await visitorsRegisteredBy(app.db, ids[1]);
  if (resident && !registered.length) {
    // Demo seeding is not a change made through the API: the trail starts with the first real one.
    for (const visitor of visitorsOf(today))
      await registerVisitor(app, resident, registerVisitorRequest.parse(visitor), async () => undefined);
  }
  await endSession(app.db, ids[1], session.id, now);
  return PEOPLE.map(({ email, role }) => ({ email, role }));
}
