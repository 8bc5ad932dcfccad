import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The decoder is served by Gatehouse itself, not the library's default CDN: a gate may have no
// Internet beyond the server, and the CSP allows scripts from our origin only.
prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
});

export { BarcodeDetector };
