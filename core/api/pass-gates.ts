import { z } from 'zod';
import { idSchema } from './common';

export const PASS_GATE_MESSAGES = {
  notYours: 'Choose only gates you may open yourself.',
  noGateWouldAccept:
    "No gate would accept this pass: you aren't in any gate group yet. Ask your property manager to add you to one.",
  empty: 'Choose at least one gate, or leave the gates out for every gate you may open.',
  tooMany: 'A pass names at most 50 gates.',
} as const;

/**
 * The gates a pass opens, narrowed by its creator (docs/decisions/0044); absent: every gate the
 * creator may open. The server checks they are the creator's.
 */
export const passGateIds = z
  .array(idSchema)
  .min(1, PASS_GATE_MESSAGES.empty)
  .max(50, PASS_GATE_MESSAGES.tooMany)
  .optional();
