import { registerDeliveryPassShareJob } from '../delivery/delivery-pass-share-jobs';
import { registerDeliveryUseNoticeJob } from '../delivery/delivery-use-jobs';
import { registerDeviceHealthNoticeJob } from '../device-health/health-notice-jobs';
import { registerArrivalNoticeJob } from '../entry/arrival-jobs';
import { registerAccountEmailJobs } from '../people/account-email-jobs';
import { registerSecurityNoticeJob } from '../people/security-notice-jobs';
import { registerSmsConsentJob } from '../people/sms-consent-jobs';
import type { JobQueue } from '../platform/jobs/job-queue';
import { registerLegacyJobs } from '../platform/jobs/legacy-jobs';
import type { NotificationContext } from '../platform/jobs/notification-context';
import { registerLockoutNoticeJob } from '../platform/limits/lockout-notice-jobs';
import { registerLockdownJobs } from '../property-rules/lockdown-jobs';
import { registerPushNoticeJob } from '../push/push-notices';
import { registerPassLinkSmsJob } from '../visitors/pass-link-sms-jobs';
import { registerQrCodeEmailJob } from '../visitors/qr-code-email-jobs';

/** Every email and SMS job kind; each renders its message from the database when it runs. */
export function registerNotificationJobs(queue: JobQueue, context: NotificationContext) {
  registerAccountEmailJobs(queue, context);
  registerQrCodeEmailJob(queue, context);
  registerPassLinkSmsJob(queue, context);
  registerDeliveryPassShareJob(queue, context);
  registerDeliveryUseNoticeJob(queue, context);
  registerArrivalNoticeJob(queue, context);
  registerSmsConsentJob(queue, context);
  registerLockoutNoticeJob(queue, context);
  registerSecurityNoticeJob(queue, context);
  registerDeviceHealthNoticeJob(queue, context);
  registerLockdownJobs(queue, context);
  registerPushNoticeJob(queue, context);
  registerLegacyJobs(queue, context);
}
