import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';

export const idSchema = z.uuid({ error: 'must be a valid id' });

export const errorResponse = z.object({ message: z.string() });

/** Page and limit query fields; limit is capped so no list is unbounded. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(30),
};

export const messageResponse = z.object({ message: z.string() });
