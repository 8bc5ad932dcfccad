import type { GateDeviceDto } from '@core/api/devices';
import type { ComponentProps } from 'react';
import { useLockdown } from '../../api/lockdowns';
import { lockdownCovers } from './gate-button-state';
import { OneTapOpen } from './one-tap-open';

/** The favourite gate's one-tap button, locked down as its card is: managers open during a lockdown. */
export function FavouriteGate({
  gate,
  canManage,
  ...rest
}: { gate: GateDeviceDto; canManage: boolean } & Omit<ComponentProps<typeof OneTapOpen>, 'gate' | 'lockedDown'>) {
  const lockdown = useLockdown(gate.propertyId).data ?? null;
  return <OneTapOpen gate={gate} lockedDown={!canManage && lockdownCovers(lockdown, gate.id)} {...rest} />;
}
