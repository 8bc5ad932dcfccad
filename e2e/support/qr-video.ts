import fs from 'node:fs';
import { PNG } from 'pngjs';

const WIDTH = 640;
const HEIGHT = 480;
const FPS = 10;

/** RGB to the luma and chroma of BT.601, as the fake camera's I420 frames carry them. */
const luma = (r: number, g: number, b: number) => Math.round(0.257 * r + 0.504 * g + 0.098 * b + 16);
const chromaU = (r: number, g: number, b: number) => Math.round(-0.148 * r - 0.291 * g + 0.439 * b + 128);
const chromaV = (r: number, g: number, b: number) => Math.round(0.439 * r - 0.368 * g - 0.071 * b + 128);

/** One I420 frame: the picture scaled (nearest pixel, so QR modules stay sharp) and centred on white. */
function i420Frame(png: PNG | null): Buffer {
  const frame = Buffer.alloc((WIDTH * HEIGHT * 3) / 2);
  const side = Math.floor(HEIGHT * 0.85);
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const rgbAt = (x: number, y: number): [number, number, number] => {
    if (!png || x < left || x >= left + side || y < top || y >= top + side) return [255, 255, 255];
    const sx = Math.floor(((x - left) * png.width) / side);
    const sy = Math.floor(((y - top) * png.height) / side);
    const i = (sy * png.width + sx) * 4;
    const alpha = png.data[i + 3] / 255;
    const blend = (c: number) => Math.round(c * alpha + 255 * (1 - alpha));
    return [blend(png.data[i]), blend(png.data[i + 1]), blend(png.data[i + 2])];
  };
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) frame[y * WIDTH + x] = luma(...rgbAt(x, y));
  const uStart = WIDTH * HEIGHT;
  const vStart = uStart + (WIDTH * HEIGHT) / 4;
  for (let y = 0; y < HEIGHT / 2; y++) {
    for (let x = 0; x < WIDTH / 2; x++) {
      const rgb = rgbAt(x * 2, y * 2);
      frame[uStart + y * (WIDTH / 2) + x] = chromaU(...rgb);
      frame[vStart + y * (WIDTH / 2) + x] = chromaV(...rgb);
    }
  }
  return frame;
}

/**
 * A Y4M video for Chromium's fake camera (`--use-file-for-fake-video-capture`), which plays it in a
 * loop: `blankSeconds` of a white page, then the PNG held in view for `codeSeconds`.
 */
export function writeQrVideo(
  pngImage: Buffer,
  file: string,
  options: { blankSeconds?: number; codeSeconds?: number } = {},
) {
  const code = i420Frame(PNG.sync.read(pngImage));
  const blank = i420Frame(null);
  const frames = [
    ...Array<Buffer>(Math.round((options.blankSeconds ?? 0) * FPS)).fill(blank),
    ...Array<Buffer>(Math.round((options.codeSeconds ?? 3) * FPS)).fill(code),
  ];
  const out = fs.openSync(file, 'w');
  try {
    fs.writeSync(out, `YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`);
    for (const frame of frames) {
      fs.writeSync(out, 'FRAME\n');
      fs.writeSync(out, frame);
    }
  } finally {
    fs.closeSync(out);
  }
}
