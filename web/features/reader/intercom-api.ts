import { readerCall } from './reader-api';

/** One name in the gate's directory: an entry id, never a user id (DESIGN, Intercom). */
export interface DirectoryEntry {
  _id: string;
  displayName: string;
}

export interface StartedCall {
  _id: string;
  iceServers: RTCIceServer[];
}

export const searchDirectory = (deviceKey: string, q: string) =>
  readerCall<{ entries: DirectoryEntry[] }>(deviceKey, 'GET', `/api/intercom/directory?q=${encodeURIComponent(q)}`);

export const startCall = (deviceKey: string, directoryId: string) =>
  readerCall<StartedCall>(deviceKey, 'POST', '/api/intercom/calls', { directoryId });

export const endCall = (deviceKey: string, callId: string) =>
  readerCall<unknown>(deviceKey, 'POST', `/api/intercom/calls/${encodeURIComponent(callId)}/end`, {});

/** The JPEG as base64 (standard alphabet), as the photo route takes it. */
async function base64Of(jpeg: Blob): Promise<string> {
  const bytes = new Uint8Array(await jpeg.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** The still taken at the start of the call, which rings with it and stays with it. */
export const sendPhoto = async (deviceKey: string, callId: string, jpeg: Blob) =>
  readerCall<unknown>(deviceKey, 'POST', `/api/intercom/calls/${encodeURIComponent(callId)}/photo`, {
    photo: await base64Of(jpeg),
  });
