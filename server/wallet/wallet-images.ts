import { encodePng } from '../platform/images/png-encode';

// The app's mark (web/public/favicon.svg) on its 32-unit grid: a gatehouse with two openings.
const HOUSE: [number, number][] = [
  [7, 26],
  [7, 12],
  [16, 6],
  [25, 12],
  [25, 26],
  [21, 26],
  [21, 15],
  [18, 15],
  [18, 26],
  [14, 26],
  [14, 15],
  [11, 15],
  [11, 26],
];
const TEAL = [11, 114, 133];
const SAMPLES = 4;

function insideHouse(x: number, y: number) {
  let inside = false;
  for (let i = 0, j = HOUSE.length - 1; i < HOUSE.length; j = i++) {
    const [xi, yi] = HOUSE[i];
    const [xj, yj] = HOUSE[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRoundedSquare(x: number, y: number) {
  const corner = 6;
  const dx = Math.max(corner - x, 0, x - (32 - corner));
  const dy = Math.max(corner - y, 0, y - (32 - corner));
  return x >= 0 && x <= 32 && y >= 0 && y <= 32 && dx * dx + dy * dy <= corner * corner;
}

/** The mark drawn at `size` pixels square, smoothed by supersampling; `onTeal` adds its rounded tile. */
function drawMark(size: number, onTeal: boolean): Buffer {
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++) {
      let white = 0;
      let teal = 0;
      for (let sy = 0; sy < SAMPLES; sy++)
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = ((px + (sx + 0.5) / SAMPLES) * 32) / size;
          const y = ((py + (sy + 0.5) / SAMPLES) * 32) / size;
          if (insideHouse(x, y)) white++;
          else if (onTeal && insideRoundedSquare(x, y)) teal++;
        }
      const covered = white + teal;
      const at = (py * size + px) * 4;
      if (covered === 0) continue;
      for (let c = 0; c < 3; c++) pixels[at + c] = Math.round((white * 255 + teal * TEAL[c]) / covered);
      pixels[at + 3] = Math.round((covered * 255) / (SAMPLES * SAMPLES));
    }
  return encodePng(size, size, pixels);
}

let drawn: Record<string, Buffer> | undefined;

/** Apple's required icon and the logo, at 1x, 2x and 3x; drawn once per process. */
export function applePassImages(): Record<string, Buffer> {
  drawn ??= {
    'icon.png': drawMark(29, true),
    'icon@2x.png': drawMark(58, true),
    'icon@3x.png': drawMark(87, true),
    'logo.png': drawMark(50, false),
    'logo@2x.png': drawMark(100, false),
    'logo@3x.png': drawMark(150, false),
  };
  return drawn;
}
