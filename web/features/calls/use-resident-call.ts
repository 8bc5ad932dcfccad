import { ApiError } from '@core/api/api-error';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOr } from '../../api/client';
import {
  answerCall,
  type CallStatus,
  declineCall,
  endCall,
  fetchCall,
  fetchIceServers,
  type IntercomCallDto,
  openFromCall,
} from '../../api/intercom';
import { type CallChannel, openCallChannel } from '../../widgets/intercom/call-channel';
import { CallPeer } from '../../widgets/intercom/call-peer';
import type { CallOver, ResidentCall } from './resident-call-state';

const OVER_BY_STATUS: Partial<Record<CallStatus, CallOver>> = {
  declined: 'declined',
  missed: 'missed',
  ended: 'ended',
};

const stopTracks = (stream: MediaStream | null) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

/**
 * The resident's side of a call: its state from the server and the call's channel, and, once
 * answered on this device, the peer connection with the reader (which offers; this side answers).
 */
export function useResidentCall(callId: string, answerNow: boolean) {
  const [state, setState] = useState<ResidentCall>({ kind: 'loading' });
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [opened, setOpened] = useState(false);
  const [opening, setOpening] = useState(false);
  const [openError, setOpenError] = useState<string | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const peer = useRef<CallPeer | null>(null);
  const channel = useRef<CallChannel | null>(null);
  const microphone = useRef<MediaStream | null>(null);
  const camera = useRef<MediaStream | null>(null);
  const answeredHere = useRef(false);
  const latest = useRef<IntercomCallDto | null>(null);

  const hangUpLocally = useCallback(() => {
    peer.current?.close();
    peer.current = null;
    stopTracks(microphone.current);
    stopTracks(camera.current);
    microphone.current = camera.current = null;
    setCameraOn(false);
  }, []);

  const over = useCallback(
    (call: IntercomCallDto, why: CallOver) => {
      hangUpLocally();
      channel.current?.close();
      setState({ kind: 'over', call, why });
    },
    [hangUpLocally],
  );

  /** What the server says of the call, wherever it changed. */
  const showCall = useCallback(
    (call: IntercomCallDto) => {
      latest.current = call;
      const why = OVER_BY_STATUS[call.status];
      if (why) return over(call, answeredHere.current && why === 'ended' ? 'caller-left' : why);
      if (call.status === 'ringing')
        return setState((now) => (now.kind === 'loading' ? { kind: 'ringing', call } : now));
      if (call.answeredHere === false || !answeredHere.current) return setState({ kind: 'elsewhere', call });
    },
    [over],
  );

  const answer = useCallback(async () => {
    const call = latest.current;
    if (!call || answeredHere.current) return;
    answeredHere.current = true;
    setState({ kind: 'connecting', call });
    microphone.current = await navigator.mediaDevices.getUserMedia({ audio: true }).catch(() => null);
    try {
      const iceServers = await fetchIceServers();
      peer.current = new CallPeer(iceServers, {
        send: (signal) => void channel.current?.send(signal),
        onRemoteStream: (stream) => {
          setRemote(stream);
          setState((now) => (now.kind === 'connecting' ? { kind: 'live', call: now.call } : now));
        },
        onLost: () => over(latest.current ?? call, 'lost'),
      });
      await answerCall(callId);
    } catch (error) {
      answeredHere.current = false;
      hangUpLocally();
      if (error instanceof ApiError && error.status === 409) return setState({ kind: 'elsewhere', call });
      setState({ kind: 'failed', message: messageOr(error, 'The call could not be answered. It may have ended.') });
    }
  }, [callId, hangUpLocally, over]);

  useEffect(() => {
    let current = true;
    channel.current = openCallChannel(callId, {
      onCall: (call) => current && showCall(call),
      onSignal: (signal) => {
        const connection = peer.current;
        if (!connection) return;
        if (signal.type === 'offer') void connection.answer(signal.sdp, microphone.current);
        else void connection.receive(signal);
      },
    });
    fetchCall(callId).then(
      (call) => {
        if (!current) return;
        showCall(call);
        if (answerNow && call.status === 'ringing') void answer();
      },
      (error) => current && setState({ kind: 'failed', message: messageOr(error, 'This call cannot be shown.') }),
    );
    return () => {
      current = false;
      channel.current?.close();
      hangUpLocally();
    };
  }, [callId, answerNow, answer, hangUpLocally, showCall]);

  const decline = useCallback(async () => {
    const call = latest.current;
    await declineCall(callId).catch(() => {});
    if (call) over(call, 'declined');
  }, [callId, over]);

  const hangUp = useCallback(async () => {
    const call = latest.current;
    await endCall(callId).catch(() => {});
    if (call) over({ ...call, status: 'ended' }, 'ended');
  }, [callId, over]);

  const openGate = useCallback(async () => {
    setOpening(true);
    setOpenError(null);
    try {
      await openFromCall(callId);
      setOpened(true);
    } catch (error) {
      setOpenError(messageOr(error, 'The gate could not be opened.'));
    } finally {
      setOpening(false);
    }
  }, [callId]);

  const toggleCamera = useCallback(async () => {
    if (camera.current) {
      await peer.current?.sendVideo(null);
      stopTracks(camera.current);
      camera.current = null;
      return setCameraOn(false);
    }
    const stream = await navigator.mediaDevices.getUserMedia({ video: true }).catch(() => null);
    if (!stream) return;
    camera.current = stream;
    await peer.current?.sendVideo(stream.getVideoTracks()[0]);
    setCameraOn(true);
  }, []);

  return { state, remote, opened, opening, openError, cameraOn, answer, decline, hangUp, openGate, toggleCamera };
}
