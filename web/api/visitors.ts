import type {
  PastVisitor,
  QrCodeDto,
  QrWindowUpdate,
  RegisterVisitorRequest,
  RegisterVisitorResponse,
  VisitorPassLink,
  VisitorQrCodesResponse,
  VisitorWithCodes,
} from '@core/api/visitors';
import type { QrType } from '@core/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys, refreshAfterChange } from './query-keys';

type Updated = { message: string; qrCode: QrCodeDto };
const enc = encodeURIComponent;

export const registerVisitor = (body: RegisterVisitorRequest) =>
  api<RegisterVisitorResponse>('POST', '/api/visitor/register', { body });

export const visitorsQrQuery = () =>
  queryOptions({
    queryKey: queryKeys.visitors.mine(),
    queryFn: () => api<{ visitors: VisitorWithCodes[] }>('GET', '/api/visitor/visitors-qr'),
  });

export const useVisitorsQr = () => useQuery(visitorsQrQuery());

export const usePastVisitors = () =>
  useQuery({
    queryKey: queryKeys.visitors.past(),
    queryFn: () => api<{ visitors: PastVisitor[] }>('GET', '/api/visitor/past-visitors'),
  });

export const visitorQrCodesQuery = (visitorId: string) =>
  queryOptions({
    queryKey: queryKeys.visitors.codes(visitorId),
    queryFn: () => api<VisitorQrCodesResponse>('GET', `/api/visitor/${enc(visitorId)}/qr-codes`),
  });

export const useVisitorQrCodes = (visitorId: string) => useQuery(visitorQrCodesQuery(visitorId));

/** A mutation that refreshes every visitor list when it succeeds. */
function useVisitorMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshAfterChange(client, 'visitor') });
}

export const useRegisterVisitor = () => useVisitorMutation(registerVisitor);

export const useSetQrNotification = () =>
  useVisitorMutation((input: { visitorId: string; qrId: string; qrNotification: boolean }) =>
    api<Updated>('PUT', `/api/visitor/visitors-qr/${enc(input.visitorId)}/qr-notification`, {
      body: { _id: input.qrId, qrNotification: input.qrNotification },
    }),
  );

/** Visitor List edit (docs/SPEC.md §7 update-qrcodes). */
export const useUpdateQrCodes = () =>
  useVisitorMutation((input: { visitorId: string; qrId: string; qrType: QrType; window: QrWindowUpdate }) =>
    api<Updated>('PUT', `/api/visitor/visitors-qr/${enc(input.visitorId)}/update-qrcodes`, {
      body: { _id: input.qrId, qrType: input.qrType, ...input.window },
    }),
  );

/** Per-visitor page edit. */
export const useUpdateQrCode = () =>
  useVisitorMutation((input: { qrId: string; window: QrWindowUpdate }) =>
    api<Updated>('PUT', `/api/visitor/${enc(input.qrId)}/qr-codes`, { body: input.window }),
  );

export const useExpireQrCode = () =>
  useVisitorMutation((qrId: string) => api<Updated>('PUT', `/api/visitor/qr-codes/${enc(qrId)}/expire`));

/**
 * Visitor List "Delete QR Code" (docs/SPEC.md §7 expire-qrcode, §8 'Failed to expire QR code'): the code
 * ends now, so the gate refuses it and it leaves the list; the superadmin's page keeps it as Expired.
 */
export const useExpireListedQrCode = () =>
  useVisitorMutation((qrId: string) =>
    api<Updated>('POST', '/api/visitor/expire-qrcode', { body: { qrCodeId: qrId } }),
  );

export const useDeleteQrCode = () =>
  useVisitorMutation((qrId: string) => api<{ message: string }>('DELETE', `/api/visitor/qr-codes/${enc(qrId)}`));

/** A pass's link for Copy link / Share on Visitor List, and whether Resend can email it again. */
export const useVisitorPassLink = (qrId: string) =>
  useQuery({
    queryKey: queryKeys.visitors.passLink(qrId),
    queryFn: () => api<VisitorPassLink>('GET', `/api/visitor/qr-codes/${enc(qrId)}/pass-link`),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Emails a pass to its visitor again (sent from the job queue). */
export const useResendVisitorPass = () =>
  useMutation({
    mutationFn: (qrId: string) => api<{ message: string }>('POST', `/api/visitor/qr-codes/${enc(qrId)}/resend`),
  });
