import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import '../validation/issue-messages';

/** A record id; a bad one reads 'Visitor id is not a valid id.' (core/validation/issue-messages). */
export const idSchema = z.uuid();

/** Every error answer: a sentence for people, and per-field sentences when fields are at fault. */
export const errorResponse = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  /** A wrong-portal sign-in: the role whose login form the account uses. */
  signInAs: z.string().optional(),
  /** A session the server ended because the person's access is paused: the sentence saying so. */
  signedOutBecause: z.string().optional(),
  /** The request's id, as in the server's log lines, to quote when reporting a problem. */
  requestId: z.string().optional(),
});

/** Page and limit query fields; limit is capped so no list is unbounded. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(30),
};

export const messageResponse = z.object({ message: z.string() });
