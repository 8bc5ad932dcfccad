import { useCallback, useEffect, useRef, useState } from 'react';
import type { IntercomCallDto } from '../../api/intercom';
import { type CallChannel, openCallChannel } from '../../widgets/intercom/call-channel';
import { CallPeer } from '../../widgets/intercom/call-peer';
import { type DirectoryEntry, endCall, sendPhoto, startCall } from './intercom-api';
import type { CallOutcome, ReaderCall } from './reader-call-panel';
import { takeStill } from './still-photo';

/** How long the end of a call stays on screen before the reader is ready for the next person. */
const OUTCOME_SHOWN_MS = 30_000;

const OUTCOME_BY_STATUS: Partial<Record<IntercomCallDto['status'], CallOutcome>> = {
  declined: 'declined',
  missed: 'no-answer',
  ended: 'ended',
};

const stopTracks = (stream: MediaStream | null) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

/** The camera and microphone, and a still of the camera's first frame (an offscreen video). */
async function cameraAndStill(): Promise<{ stream: MediaStream; still: Blob | null }> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: true });
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  const framed = new Promise((resolve) => video.addEventListener('loadeddata', resolve, { once: true }));
  await video.play().catch(() => {});
  if (video.readyState < video.HAVE_CURRENT_DATA) await framed;
  const still = await takeStill(video);
  video.srcObject = null;
  return { stream, still };
}

/**
 * The reader's side of an intercom call: the directory, the call (camera, microphone and a still
 * at its start), the resident's voice once they answer, and how it ended, in words.
 */
export function useReaderCall(deviceKey: string) {
  const [call, setCall] = useState<ReaderCall>({ kind: 'idle' });
  const [residentVoice, setResidentVoice] = useState<MediaStream | null>(null);
  const [camera, setCamera] = useState<MediaStream | null>(null);
  const local = useRef<MediaStream | null>(null);
  const peer = useRef<CallPeer | null>(null);
  const channel = useRef<CallChannel | null>(null);
  const callId = useRef<string | null>(null);
  const backToReady = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const release = useCallback(() => {
    channel.current?.close();
    peer.current?.close();
    stopTracks(local.current);
    channel.current = peer.current = local.current = null;
    callId.current = null;
    setResidentVoice(null);
    setCamera(null);
  }, []);

  const finish = useCallback(
    (name: string, outcome: CallOutcome, message?: string, words?: string) => {
      release();
      setCall({ kind: 'over', name, outcome, message, words });
      clearTimeout(backToReady.current);
      backToReady.current = setTimeout(() => setCall({ kind: 'idle' }), OUTCOME_SHOWN_MS);
    },
    [release],
  );

  useEffect(
    () => () => {
      clearTimeout(backToReady.current);
      release();
    },
    [release],
  );

  const dial = useCallback(
    async (entry: DirectoryEntry) => {
      const name = entry.displayName;
      clearTimeout(backToReady.current);
      setCall({ kind: 'calling', name });
      let photo: Blob | null;
      try {
        const opened = await cameraAndStill();
        local.current = opened.stream;
        photo = opened.still;
        setCamera(opened.stream);
      } catch {
        return finish(name, 'failed', 'This reader cannot use its camera and microphone.');
      }
      const started = await startCall(deviceKey, entry._id);
      if (started.kind !== 'answer') {
        const message = started.kind === 'offline' ? 'The server cannot be reached.' : started.message;
        return finish(name, 'failed', message);
      }
      const id = started.data._id;
      callId.current = id;
      let offered = false;
      const connection = new CallPeer(started.data.iceServers, {
        send: (signal) => void channel.current?.send(signal),
        onRemoteStream: setResidentVoice,
        onLost: () => finish(name, 'lost'),
      });
      peer.current = connection;
      channel.current = openCallChannel(
        id,
        {
          onCall: (news) => {
            if (callId.current !== id) return;
            const outcome = OUTCOME_BY_STATUS[news.status];
            if (outcome) return finish(name, outcome, undefined, news.reason ?? undefined);
            if (news.status !== 'answered') return;
            setCall({ kind: 'talking', name, opened: Boolean(news.opened) });
            if (!offered && local.current) {
              offered = true;
              void connection.offer(local.current);
            }
          },
          onSignal: (signal) => void connection.receive(signal),
        },
        { deviceKey },
      );
      if (photo) void sendPhoto(deviceKey, id, photo);
    },
    [deviceKey, finish],
  );

  const hangUp = useCallback(() => {
    const id = callId.current;
    if (id) void endCall(deviceKey, id);
    release();
    clearTimeout(backToReady.current);
    setCall({ kind: 'idle' });
  }, [deviceKey, release]);

  return {
    call,
    camera,
    residentVoice,
    choose: () => setCall({ kind: 'choosing' }),
    cancel: () => setCall({ kind: 'idle' }),
    done: () => {
      clearTimeout(backToReady.current);
      setCall({ kind: 'idle' });
    },
    dial,
    hangUp,
  };
}
