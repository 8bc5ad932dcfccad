import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { readToken } from './token-cookie';

/** A call's state as the server reports it (DESIGN, Intercom). */
export type CallStatus = 'ringing' | 'answered' | 'declined' | 'missed' | 'ended';

export interface IntercomCallDto {
  _id: string;
  status: CallStatus;
  gate: { _id: string; name: string };
  startedAt: string;
  /** The called resident's directory name. */
  displayName?: string;
  answeredAt?: string | null;
  /** Why it ended, in the server's words for the screen; null while it lasts. */
  reason?: string | null;
  /** For the resident: answered on this signed-in device (true) or on another (false); else null. */
  answeredHere?: boolean | null;
  /** Whether the gate was opened from the call. */
  opened?: boolean;
  /** Whether the reader's still has arrived (fetched on its own). */
  hasPhoto?: boolean;
  /** Managers' list: whom the call was for. */
  resident?: { firstName: string; lastName: string } | null;
}

const callUrl = (callId: string, tail = '') => `/api/intercom/calls/${encodeURIComponent(callId)}${tail}`;

export const fetchCall = (callId: string) => api<IntercomCallDto>('GET', callUrl(callId));
export const endCall = (callId: string) => api<unknown>('POST', callUrl(callId, '/end'), { body: {} });
export const openFromCall = (callId: string) => api<unknown>('POST', callUrl(callId, '/open'), { body: {} });
export const fetchIceServers = () =>
  api<{ iceServers: RTCIceServer[] }>('GET', '/api/intercom/ice-servers').then((answer) => answer.iceServers);

export const callsQuery = () =>
  queryOptions({
    queryKey: ['intercom-calls'],
    queryFn: () => api<{ calls: IntercomCallDto[] }>('GET', '/api/intercom/calls'),
  });

export const useCalls = () => useQuery(callsQuery());

/** The signed-in resident's calls ringing now (newest first), which the open app rings for. */
export const fetchRingingCalls = () =>
  api<{ calls: IntercomCallDto[] }>('GET', '/api/intercom/calls', { query: { status: 'ringing', limit: 5 } });

/** A call's still photo, fetched one by one (never in a list); an object URL, or null without one. */
export async function fetchCallPhoto(callId: string): Promise<string | null> {
  const token = readToken();
  const response = await fetch(callUrl(callId, '/photo'), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) return null;
  return URL.createObjectURL(await response.blob());
}

/** This device takes the call; another device that took it first makes this refuse (409). */
export const answerCall = (callId: string) => api<unknown>('POST', callUrl(callId, '/answer'), { body: {} });
export const declineCall = (callId: string) => api<unknown>('POST', callUrl(callId, '/decline'), { body: {} });

const MISSED_IN_THE_BELL = 5;

/** The newest missed calls of the signed-in resident, for the bell. */
export const useMissedCalls = () =>
  useQuery({
    queryKey: ['intercom-calls', 'missed'],
    queryFn: () =>
      api<{ calls: IntercomCallDto[] }>('GET', '/api/intercom/calls', {
        query: { status: 'missed', limit: MISSED_IN_THE_BELL },
      }),
  });

export interface DirectoryListingDto {
  listed: boolean;
  displayName: string;
  hiddenByManager: boolean;
}

const LISTING_URL = '/api/intercom/directory-listing';

/** How the signed-in resident shows in the gate directory: listed or not, and by which name. */
export const useDirectoryListing = () =>
  useQuery({ queryKey: ['intercom-listing'], queryFn: () => api<DirectoryListingDto>('GET', LISTING_URL) });

export function useSaveDirectoryListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { listed: boolean; displayName?: string }) =>
      api<DirectoryListingDto>('PUT', LISTING_URL, { body }),
    onSuccess: (saved) => client.setQueryData(['intercom-listing'], saved),
  });
}

const managedListingUrl = (userId: string) => `/api/intercom/residents/${encodeURIComponent(userId)}/listing`;

/** A resident's directory listing, for their managers. */
export const useManagedListing = (userId: string) =>
  useQuery({
    queryKey: ['intercom-listing', userId],
    queryFn: () => api<DirectoryListingDto>('GET', managedListingUrl(userId)),
  });

/** A manager hides the resident from the gate directory, or lists them again. */
export function useSetHiddenByManager(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hidden: boolean) => api<DirectoryListingDto>('PUT', managedListingUrl(userId), { body: { hidden } }),
    onSuccess: (saved) => client.setQueryData(['intercom-listing', userId], saved),
  });
}

const intercomSettingsUrl = (propertyId: string) =>
  `/api/properties/${encodeURIComponent(propertyId)}/intercom-settings`;
type IntercomSettings = { callPhotoRetentionDays: number };

export const useIntercomSettings = (propertyId: string) =>
  useQuery({
    queryKey: ['intercom-settings', propertyId],
    queryFn: () => api<IntercomSettings>('GET', intercomSettingsUrl(propertyId)),
  });

export function useSaveIntercomSettings(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (days: number) =>
      api<IntercomSettings>('PUT', intercomSettingsUrl(propertyId), { body: { callPhotoRetentionDays: days } }),
    onSuccess: (saved) => client.setQueryData(['intercom-settings', propertyId], saved),
  });
}
