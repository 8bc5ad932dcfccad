import type { ManagedUser } from '@core/api/dashboard';
import { DASHBOARD_MESSAGES } from '@core/api/dashboard-messages';
import { PROPERTY_FEATURE_LABELS, type PropertyFeature } from '@core/constants';

/** 'Name (Location)', or why there is none (docs/SPEC.md §2 resident table). */
export function propertyLabel(user: Pick<ManagedUser, 'property' | 'propertyId'>): string {
  if (user.property) return `${user.property.propertyName} (${user.property.propertyLocation})`;
  return user.propertyId ? DASHBOARD_MESSAGES.propertyNotFound : DASHBOARD_MESSAGES.noPropertyAssigned;
}

export function visitorEmailsLabel(emails: readonly string[]): string {
  return emails.length ? emails.join(', ') : DASHBOARD_MESSAGES.noVisitorsCreated;
}

/** 'Showing X to Y of N' for a page of a list; 'of about N' when the server estimated the total. */
export function pageSummary(page: number, limit: number, totalItems: number, totalExact = true): string {
  if (!totalItems) return 'Showing 0 to 0 of 0';
  const first = (page - 1) * limit + 1;
  return `Showing ${first} to ${Math.min(page * limit, totalItems)} of ${totalExact ? '' : 'about '}${totalItems}`;
}

/** Feature badges: 'qr' always first (and always shown), then the others in their usual order. */
export function featureBadges(features: readonly PropertyFeature[]): { feature: PropertyFeature; label: string }[] {
  const rest = (['securepin', 'rfid'] as const).filter((feature) => features.includes(feature));
  return (['qr', ...rest] as PropertyFeature[]).map((feature) => ({
    feature,
    label: PROPERTY_FEATURE_LABELS[feature],
  }));
}
