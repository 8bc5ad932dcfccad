import type { RegisterVisitorRequest } from '@core/api/visitors';
import { MESSAGES } from '@core/messages';
import { isValidEmail, normalizeEmail } from '@core/validation/email';
import { emptyWindow, specificDatesSpan, type VisitorWindowInput } from '@core/visitor-form/visitor-window';

export interface RegisterVisitorForm {
  firstName: string;
  lastName: string;
  email: string;
  propertyId: string;
  window: VisitorWindowInput;
}

export const emptyVisitorForm = (propertyId: string, today: string): RegisterVisitorForm => ({
  firstName: '',
  lastName: '',
  email: '',
  propertyId,
  window: emptyWindow('betweenDates', today),
});

export const emailError = (email: string) => (email && !isValidEmail(email) ? MESSAGES.invalidEmail : undefined);

export const isComplete = (form: RegisterVisitorForm) =>
  Boolean(form.firstName.trim() && form.lastName.trim() && isValidEmail(form.email) && form.propertyId);

/** The body of POST /api/visitor/register; email lowercased, dates by the Date Option. */
export function toRegisterRequest(form: RegisterVisitorForm, timezone: string, userId: string): RegisterVisitorRequest {
  const { window } = form;
  const span = window.qrType === 'randomDates' ? specificDatesSpan(window.multipleDays) : null;
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: normalizeEmail(form.email),
    qrType: window.qrType,
    startDate: span?.startDate ?? window.startDate,
    endDate: window.qrType === 'weekdays' ? '' : (span?.endDate ?? window.endDate),
    startTime: window.startTime,
    endTime: window.endTime,
    lifetimeValidity: window.qrType === 'betweenDates' && window.lifetimeValidity,
    recurringDays: window.qrType === 'weekdays' ? window.recurringDays : [],
    multipleDays: window.qrType === 'randomDates' ? window.multipleDays : [],
    timezone,
    PID: form.propertyId,
    UID: userId,
  };
}
