import { registerDeliveryPassShareJob } from '../delivery/delivery-pass-share-jobs';
import { registerDeliveryUseNoticeJob } from '../delivery/delivery-use-jobs';
import { registerDeviceHealthNoticeJob } from '../device-health/health-notice-jobs';
import { registerAccountEmailJobs } from '../identity/account-email-jobs';
import { registerSecurityNoticeJob } from '../identity/security-notice-jobs';
import { registerSmsConsentJob } from '../people/sms-consent-jobs';
import { registerEventSubscribers } from '../platform/events/domain-events';
import type { JobQueue } from '../platform/jobs/job-queue';
import { registerLegacyJobs } from '../platform/jobs/legacy-jobs';
import { registerLockdownJobs } from '../property-rules/lockdown-jobs';
import { registerPushNoticeJob } from '../push/push-notices';
import { registerArrivalNoticeJob } from '../reader/arrival-jobs';
import { registerLockoutNoticeJob } from '../reader/lockout-notice-jobs';
import { registerPassLinkSmsJob } from '../visitors/pass-link-sms-jobs';
import { registerQrCodeEmailJob } from '../visitors/qr-code-email-jobs';
import { registerWebhookJobs, type WebhookContext } from '../webhooks/webhook-delivery-jobs';
import { webhookFanOut } from '../webhooks/webhook-fan-out';
import { pushRenderers } from './push-renderers';

/**
 * Every email, SMS, push and webhook job kind; each renders its message from the database when it
 * runs. Property events (platform/events) go to their subscribers: today the webhooks.
 */
export function registerNotificationJobs(queue: JobQueue, context: WebhookContext) {
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
  registerPushNoticeJob(queue, context, pushRenderers);
  registerLegacyJobs(queue, context);
  registerWebhookJobs(queue, context);
  registerEventSubscribers(queue, [webhookFanOut(queue, context)]);
}
