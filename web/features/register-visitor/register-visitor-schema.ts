import { visitorPersonFields } from '@core/api/visitors';
import { optionalPhone } from '@core/validation/phone-field';
import '@core/validation/issue-messages';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { z } from 'zod';

/** Who the visitor is and for which property; the window has its own live rules (core/visitor-form). */
export const visitorFormSchema = z.object({
  ...visitorPersonFields,
  phoneNumber: optionalPhone,
  propertyId: z.string().min(1, VISITOR_MESSAGES.propertyRequired),
});
