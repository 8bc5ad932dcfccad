let context: AudioContext | null = null;

/** Browsers start audio only after a person has touched the page; the kiosk's first tap calls this. */
export function unlockAudio() {
  context ??= new AudioContext();
  void context.resume();
}

function beep(audio: AudioContext, frequency: number, startsIn: number, seconds: number, wave: OscillatorType) {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = wave;
  oscillator.frequency.value = frequency;
  const start = audio.currentTime + startsIn;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.3, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + seconds);
}

/** Granted: two rising notes. Refused: one low buzz. Made with Web Audio, no sound files. */
export function playTone(granted: boolean) {
  context ??= new AudioContext();
  if (granted) {
    beep(context, 880, 0, 0.15, 'sine');
    beep(context, 1320, 0.17, 0.25, 'sine');
  } else {
    beep(context, 200, 0, 0.5, 'square');
  }
}
