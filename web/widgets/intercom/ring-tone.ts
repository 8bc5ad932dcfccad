const RING_EVERY_MS = 3000;

function twoNotes(audio: AudioContext) {
  for (const [frequency, startsIn] of [
    [660, 0],
    [880, 0.45],
  ] as const) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    const start = audio.currentTime + startsIn;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.25, start + 0.03);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.4);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.4);
  }
}

/**
 * Rings with Web Audio until the returned stop is called. A browser that has not yet seen a tap on
 * the page keeps the context suspended: the panel then rings silently, as the issue allows.
 */
export function startRingTone(): () => void {
  if (typeof AudioContext === 'undefined') return () => {};
  const audio = new AudioContext();
  void audio.resume().catch(() => {});
  twoNotes(audio);
  const timer = setInterval(() => twoNotes(audio), RING_EVERY_MS);
  return () => {
    clearInterval(timer);
    void audio.close().catch(() => {});
  };
}
