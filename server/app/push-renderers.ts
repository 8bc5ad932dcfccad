import { renderDeliveryUsed } from '../delivery/delivery-push-notices';
import { renderGateNotice } from '../devices/device-push-notices';
import { renderIntercomRing } from '../intercom/call-ring';
import { renderLockdownNotice } from '../property-rules/lockdown-push-notices';
import type { PushRenderers } from '../push/push-notice-text';
import { renderVisitorArrived } from '../visitors/visitor-push-notices';

/** Each push event written by the domain that owns what it is about. */
export const pushRenderers: PushRenderers = {
  'visitor-arrived': renderVisitorArrived,
  'delivery-used': renderDeliveryUsed,
  'device-offline': renderGateNotice,
  'device-online': renderGateNotice,
  'gate-failed': renderGateNotice,
  'keypad-locked': renderGateNotice,
  'lockdown-started': renderLockdownNotice,
  'lockdown-ended': renderLockdownNotice,
  'intercom-call': (db, notice) => renderIntercomRing(db, notice.callId),
};
