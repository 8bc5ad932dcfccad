/** A call's photo stays small enough to ring with the call: about 100 kB at most (issue 43). */
export const MAX_PHOTO_BYTES = 100_000;
const LONGEST_SIDE = 640;
const QUALITIES = [0.8, 0.65, 0.5, 0.35, 0.2];

const jpegOf = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));

/**
 * One still of the camera as it is now, as a JPEG of at most MAX_PHOTO_BYTES: drawn at 640 pixels
 * on its longest side, then at lower qualities, then smaller, until it fits. Null without a frame.
 */
export async function takeStill(video: HTMLVideoElement): Promise<Blob | null> {
  if (!video.videoWidth || !video.videoHeight) return null;
  const canvas = document.createElement('canvas');
  let scale = Math.min(1, LONGEST_SIDE / Math.max(video.videoWidth, video.videoHeight));
  for (let shrink = 0; shrink < 4; shrink++, scale /= 2) {
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    for (const quality of QUALITIES) {
      const jpeg = await jpegOf(canvas, quality);
      if (jpeg && jpeg.size <= MAX_PHOTO_BYTES) return jpeg;
    }
  }
  return null;
}
