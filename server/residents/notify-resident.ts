import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/connect';
import { enqueueEmail, enqueueSms } from '../jobs/notifications';

export interface NotifiedPerson {
  email: string;
  phoneNumber: string | null;
  prefEmail: boolean;
  prefSms: boolean;
}

/**
 * Queues a notification to a resident by email and/or SMS, as their preferences say, inside the
 * caller's transaction (call app.jobs.kick() after commit). Returns the channels used.
 */
export async function notifyResident(
  app: FastifyInstance,
  db: Queryable,
  person: NotifiedPerson,
  message: { subject: string; text: string; sms?: string },
): Promise<Array<'email' | 'sms'>> {
  const channels: Array<'email' | 'sms'> = [];
  if (person.prefEmail) {
    await enqueueEmail(app.jobs, db, { to: person.email, subject: message.subject, text: message.text });
    channels.push('email');
  }
  if (person.prefSms && person.phoneNumber) {
    await enqueueSms(app.jobs, db, { to: person.phoneNumber, body: message.sms ?? message.text });
    channels.push('sms');
  }
  return channels;
}
