import { registerArrivalNoticeJob } from '../access/arrival-notification';
import { registerAccountEmailJobs } from '../accounts/account-email-jobs';
import { registerSecurityNoticeJob } from '../auth/security-notice';
import { registerDeliveryPassShareJob } from '../delivery/delivery-pass-share-job';
import { registerDeliveryUseNoticeJob } from '../delivery/delivery-use-notice';
import { registerDeviceHealthNoticeJob } from '../device-health/health-notice';
import { registerLockoutNoticeJob } from '../limits/lockout-notice';
import { registerSmsConsentJob } from '../residents/sms-consent-job';
import { registerPassLinkSmsJob } from '../visitors/pass-link-sms-job';
import { registerQrCodeEmailJob } from '../visitors/qr-code-email-job';
import type { JobQueue } from './job-queue';
import { registerLegacyJobs } from './legacy-jobs';
import type { NotificationContext } from './notification-context';

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
  registerLegacyJobs(queue, context);
}
