import { iceTransportPolicy } from './ice-policy';

/** What one side of a call hands the other through the server's signaling (decision 0093). */
export type PeerSignal =
  | { type: 'offer' | 'answer'; sdp: string }
  | { type: 'candidate'; candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null };

export interface CallPeerEvents {
  /** Hands a signal to the server for the other side. */
  send(signal: PeerSignal): void;
  /** The other side's media, once it arrives (audio, and video when they send it). */
  onRemoteStream(stream: MediaStream): void;
  /** The media path failed for good: the other side is gone or unreachable. */
  onLost(): void;
}

/**
 * One side of an intercom call. The reader offers (its camera and microphone, and room for the
 * resident's voice and optional video); the resident answers with their voice, and may add their
 * camera later into the transceiver already agreed, so no second offer is ever needed.
 */
export class CallPeer {
  readonly connection: RTCPeerConnection;
  private readonly remote = new MediaStream();
  private readonly waitingCandidates: RTCIceCandidateInit[] = [];
  private closed = false;

  constructor(
    iceServers: RTCIceServer[],
    private readonly events: CallPeerEvents,
  ) {
    this.connection = new RTCPeerConnection({ iceServers, iceTransportPolicy: iceTransportPolicy() });
    this.connection.onicecandidate = ({ candidate }) => {
      if (candidate?.candidate) {
        events.send({
          type: 'candidate',
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid,
          sdpMLineIndex: candidate.sdpMLineIndex,
        });
      }
    };
    this.connection.ontrack = ({ track }) => {
      this.remote.addTrack(track);
      events.onRemoteStream(this.remote);
    };
    this.connection.onconnectionstatechange = () => {
      if (!this.closed && this.connection.connectionState === 'failed') events.onLost();
    };
  }

  /** The reader: sends its camera and microphone, and asks for the resident's voice and video. */
  async offer(local: MediaStream) {
    for (const track of local.getTracks())
      this.connection.addTransceiver(track, { direction: 'sendrecv', streams: [local] });
    const offer = await this.connection.createOffer();
    await this.connection.setLocalDescription(offer);
    this.events.send({ type: 'offer', sdp: offer.sdp ?? '' });
  }

  /** The resident: answers the reader's offer with their microphone (no camera until they turn it on). */
  async answer(offerSdp: string, microphone: MediaStream | null) {
    await this.connection.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    await this.flushCandidates();
    for (const transceiver of this.connection.getTransceivers()) {
      transceiver.direction = 'sendrecv';
      const kind = transceiver.receiver.track.kind;
      const track = kind === 'audio' ? microphone?.getAudioTracks()[0] : undefined;
      if (track) await transceiver.sender.replaceTrack(track);
    }
    const answer = await this.connection.createAnswer();
    await this.connection.setLocalDescription(answer);
    this.events.send({ type: 'answer', sdp: answer.sdp ?? '' });
  }

  /** Turns this side's camera on (a track) or off (null) in the video transceiver already agreed. */
  async sendVideo(track: MediaStreamTrack | null) {
    const video = this.connection.getTransceivers().find((t) => t.receiver.track.kind === 'video');
    await video?.sender.replaceTrack(track);
  }

  /** A signal from the other side: their answer (the reader), or an ICE candidate. */
  async receive(signal: PeerSignal) {
    if (this.closed) return;
    if (signal.type === 'candidate') {
      const { candidate, sdpMid, sdpMLineIndex } = signal;
      const init: RTCIceCandidateInit = { candidate, sdpMid, sdpMLineIndex };
      if (this.connection.remoteDescription) await this.connection.addIceCandidate(init).catch(() => {});
      else this.waitingCandidates.push(init);
      return;
    }
    if (signal.type === 'answer' && this.connection.signalingState === 'have-local-offer') {
      await this.connection.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
      await this.flushCandidates();
    }
  }

  private async flushCandidates() {
    for (const candidate of this.waitingCandidates.splice(0)) {
      await this.connection.addIceCandidate(candidate).catch(() => {});
    }
  }

  close() {
    this.closed = true;
    this.connection.close();
  }
}
