import type { RegisterVisitorRequest } from '@core/api/visitors';
import { normalizeEmail } from '@core/validation/email-text';
import { emptyWindow, specificDatesSpan, type VisitorWindowInput } from '@core/visitor-form/visitor-window';

export interface RegisterVisitorForm {
  firstName: string;
  lastName: string;
  email: string;
  /** The visitor's 10 digits, or '' for none. */
  phoneNumber: string;
  propertyId: string;
  window: VisitorWindowInput;
  /** The gates the pass opens; empty: every gate the creator may open. */
  gateIds: string[];
}

export const emptyVisitorForm = (propertyId: string, today: string): RegisterVisitorForm => ({
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  propertyId,
  window: emptyWindow('betweenDates', today),
  gateIds: [],
});

/** The person fields' schema (zod), fetched after the form's first paint. */
export const loadVisitorFormSchema = async () => (await import('./register-visitor-schema')).visitorFormSchema;

/** The server names the property PID; the form calls it propertyId. */
export const REGISTER_VISITOR_FIELDS = { PID: 'propertyId' };

/** The body of POST /api/visitor/register; email lowercased, dates by the Date Option. */
export function toRegisterRequest(form: RegisterVisitorForm, timezone: string, userId: string): RegisterVisitorRequest {
  const { window } = form;
  const span = window.qrType === 'randomDates' ? specificDatesSpan(window.multipleDays) : null;
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: normalizeEmail(form.email),
    phoneNumber: form.phoneNumber,
    qrType: window.qrType,
    startDate: span?.startDate ?? window.startDate,
    endDate: window.qrType === 'weekdays' ? '' : (span?.endDate ?? window.endDate),
    lastDay: window.qrType === 'weekdays' ? window.endDate : '',
    startTime: window.startTime,
    endTime: window.endTime,
    lifetimeValidity: window.qrType === 'betweenDates' && window.lifetimeValidity,
    recurringDays: window.qrType === 'weekdays' ? window.recurringDays : [],
    multipleDays: window.qrType === 'randomDates' ? window.multipleDays : [],
    timezone,
    PID: form.propertyId,
    UID: userId,
    ...(form.gateIds.length ? { gateIds: form.gateIds } : {}),
  };
}
