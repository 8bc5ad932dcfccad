import { DEVICE_MESSAGES } from '@core/api/device-messages';
import type { GateDeviceDto } from '@core/api/devices';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DeviceHealthBadge } from '../../widgets/devices/device-health-badge';
import { gateButtonState } from './gate-button-state';

const now = new Date('2026-11-28T12:00:00Z');
const gate = (health: Pick<GateDeviceDto, 'online' | 'lastSeenAt' | 'offline'>): GateDeviceDto => ({
  id: 'g',
  deviceName: 'Main Gate',
  deviceLabel: null,
  deviceType: 'gate',
  propertyId: 'p',
  allowedNow: true,
  opensAt: null,
  heldOpen: false,
  heldOpenUntil: null,
  timeZone: 'America/New_York',
  ...health,
});
// The reader stopped its heartbeats ten minutes ago; the relay answered a press just now.
const readerQuiet = gate({
  online: false,
  lastSeenAt: now.toISOString(),
  offline: { cause: 'reader', since: '2026-11-28T11:50:00.000Z' },
});
const relayFailing = gate({
  online: false,
  lastSeenAt: '2026-11-28T11:50:00.000Z',
  offline: { cause: 'relay', since: '2026-11-28T11:55:00.000Z' },
});
const options = { lockedDown: false, busy: false, openLabel: 'Open Gate' };
const words = (health: GateDeviceDto) =>
  renderToStaticMarkup(
    <MantineProvider>
      <DeviceHealthBadge device={health} now={now} />
    </MantineProvider>,
  )
    .replace(/<style[^>]*>[^<]*<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('a gate whose reader went quiet while its relay answers', () => {
  it('can still be opened from Access Gates', () => {
    expect(gateButtonState(readerQuiet, options)).toMatchObject({
      label: 'Open Gate',
      disabled: false,
      offline: false,
    });
  });

  it('says which part is offline, not plain Offline beside "last seen just now"', () => {
    expect(words(readerQuiet)).toBe(`${DEVICE_MESSAGES.readerOffline} last seen just now`);
  });
});

describe('a gate whose relay fails', () => {
  it('cannot be opened from Access Gates, and says so', () => {
    expect(gateButtonState(relayFailing, options)).toMatchObject({
      label: DEVICE_MESSAGES.gateOfflineButton,
      disabled: true,
      offline: true,
    });
    expect(words(relayFailing)).toBe(`${DEVICE_MESSAGES.offline} last seen 10 minutes ago`);
  });
});
