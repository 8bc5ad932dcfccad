import type {
  GateDevicesResponse,
  PropertyDevicesDto,
  RegisterDeviceBody,
  RegisteredDeviceDto,
  TriggerRelayResponse,
  UpdateDeviceBody,
  UpdatedDeviceDto,
} from '@core/api/devices';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys, refreshAfterChange } from './query-keys';

export const devicesByPropertyQuery = (propertyId?: string, page = 1) =>
  queryOptions({
    queryKey: queryKeys.devices.byProperty(propertyId, page),
    queryFn: () =>
      api<PropertyDevicesDto[]>('GET', '/api/device/get-all', { query: { property: propertyId, page: String(page) } }),
    // Online / Offline stays current while the list is open: readers send a heartbeat every 30 s.
    refetchInterval: 30_000,
  });

export const useDevicesByProperty = (propertyId?: string, page = 1) =>
  useQuery(devicesByPropertyQuery(propertyId, page));

export const gateDevicesQuery = () =>
  queryOptions({
    queryKey: queryKeys.devices.gates(),
    queryFn: () => api<GateDevicesResponse>('GET', '/api/device/get-gate-devices'),
    // A gate that goes offline (or comes back) shows so without a reload.
    refetchInterval: 30_000,
  });

export const useGateDevices = (enabled = true) =>
  useQuery({ ...gateDevicesQuery(), select: (answer) => answer.gateDevices, enabled });

/** A resident whose groups include none of their property's gates: their gate list says so in words. */
export const useInNoGateGroup = () => useQuery({ ...gateDevicesQuery(), select: (answer) => answer.inNoGateGroup });

/** The gate the app opens on in one tap, when the caller still has it. */
export const useFavouriteGateId = () => useQuery({ ...gateDevicesQuery(), select: (answer) => answer.favouriteGateId });

export function useSetFavouriteGate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string | null) =>
      api<{ message: string; favouriteGateId: string | null }>('PUT', '/api/device/favourite-gate', {
        body: { deviceId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: gateDevicesQuery().queryKey }),
  });
}

function useDeviceMutation<TBody, TResult>(mutationFn: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshAfterChange(queryClient, 'device') });
}

export const useRegisterDevice = () =>
  useDeviceMutation((body: RegisterDeviceBody) => api<RegisteredDeviceDto>('POST', '/api/device/register', { body }));

export const useUpdateDevice = () =>
  useDeviceMutation(({ id, ...body }: UpdateDeviceBody & { id: string }) =>
    api<UpdatedDeviceDto>('PUT', `/api/device/${id}`, { body }),
  );

export const useDeleteDevice = () => useDeviceMutation((id: string) => api('DELETE', `/api/device/${id}`));
/** A new device key: the reader paired with the old one stops working at its next call. */
export const useRotateDeviceKey = () =>
  useDeviceMutation((id: string) => api<{ deviceKey: string }>('POST', `/api/device/${id}/rotate-key`));

/**
 * Opening a gate tells the server whether its relay answers, and writes a log row: whatever the
 * outcome, the gate's Online / Offline and the logs are refetched, so a gate that just failed to
 * answer is not left showing Online.
 */
export const useTriggerRelay = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { deviceId: string; propertyId: string }) =>
      api<TriggerRelayResponse>('POST', '/api/device/trigger-relay', { body }),
    onSettled: () => {
      void refreshAfterChange(queryClient, 'device');
    },
  });
};
