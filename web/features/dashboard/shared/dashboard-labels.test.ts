import { describe, expect, it } from 'vitest';
import { featureBadges, pageSummary, propertyLabel, visitorEmailsLabel } from './dashboard-labels';

describe('dashboard labels (docs/SPEC.md §2)', () => {
  it('names the property with its location, or why there is none', () => {
    const property = {
      _id: 'p',
      propertyName: 'Oak Ridge',
      propertyLocation: 'Springfield',
      timeZone: 'America/New_York',
    };
    expect(propertyLabel({ property, propertyId: 'p' })).toBe('Oak Ridge (Springfield)');
    expect(propertyLabel({ property: null, propertyId: 'gone' })).toBe('Property Not Found');
    expect(propertyLabel({ property: null, propertyId: null })).toBe('No Property Assigned');
  });
  it('joins visitor emails with commas', () => {
    expect(visitorEmailsLabel(['a@x.co', 'b@x.co'])).toBe('a@x.co, b@x.co');
    expect(visitorEmailsLabel([])).toBe('No Visitors Created');
  });
  it('summarises a page', () => {
    expect(pageSummary(2, 30, 65)).toBe('Showing 31 to 60 of 65');
    expect(pageSummary(2, 30, 12000, false)).toBe('Showing 31 to 60 of about 12000');
    expect(pageSummary(3, 30, 65)).toBe('Showing 61 to 65 of 65');
    expect(pageSummary(1, 30, 0)).toBe('Showing 0 to 0 of 0');
  });
  it('puts the qr badge first', () => {
    expect(featureBadges(['rfid', 'securepin']).map((badge) => badge.label)).toEqual([
      'QR Feature',
      'Secure PIN',
      'RFID Access',
    ]);
  });
});
