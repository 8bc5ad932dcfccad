interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

declare global {
  interface Window {
    BarcodeDetector?: {
      new (options: { formats: string[] }): Detector;
      getSupportedFormats(): Promise<string[]>;
    };
  }
}

/** The browser's own BarcodeDetector where it reads QR codes, else the zxing-wasm one, loaded only now. */
async function qrDetector(): Promise<Detector> {
  const native = window.BarcodeDetector;
  if (native && (await native.getSupportedFormats().catch((): string[] => [])).includes('qr_code')) {
    return new native({ formats: ['qr_code'] });
  }
  const { BarcodeDetector } = await import('./barcode-polyfill');
  return new BarcodeDetector({ formats: ['qr_code'] });
}

const FRAME_INTERVAL_MS = 120;

/**
 * Shows the back camera in `video` and reports the QR codes of every frame it reads (none, too),
 * until the returned stop is called. Rejects when there is no camera or it may not be used.
 */
export async function scanWithCamera(video: HTMLVideoElement, onFrame: (codes: string[]) => void) {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: 'environment' } },
    audio: false,
  });
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
  };
  try {
    video.srcObject = stream;
    await video.play();
    const detector = await qrDetector();
    const next = async () => {
      if (stopped) return;
      if (video.readyState >= video.HAVE_CURRENT_DATA) {
        const codes = await detector.detect(video).catch(() => []);
        if (!stopped) onFrame(codes.map((code) => code.rawValue));
      }
      setTimeout(next, FRAME_INTERVAL_MS);
    };
    void next();
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}
