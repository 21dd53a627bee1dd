// The identity steps' camera and photos: a stream from getUserMedia shown in a video, a still taken from
// it, a photo the signer chose, each brought down to a JPEG the server accepts. Frames are taken as the
// camera delivers them (a selfie's preview is mirrored by CSS only, never the frame sent).

/** Opens the camera facing `facing` ('environment', the rear one, or 'user') into `video`, once it shows a frame. */
export async function openCamera(video, facing) {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('No camera API');
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: false,
    // Preferences, not requirements: a laptop has one camera, and it is the one to use.
    video: { facingMode: { ideal: facing }, width: { ideal: 1920 }, height: { ideal: 1080 } }
  });
  video.srcObject = stream;
  try {
    await video.play();
    await firstFrame(video);
  } catch (error) {
    stopStream(video);
    throw error;
  }
  return stream;
}

function firstFrame(video) {
  if (video.videoWidth > 0) return Promise.resolve();
  if ('requestVideoFrameCallback' in video) return new Promise((resolve) => video.requestVideoFrameCallback(() => resolve()));
  return new Promise((resolve) => video.addEventListener('loadeddata', () => resolve(), { once: true }));
}

/** Stops every track of the video's stream (the camera's light goes off) and empties the video. */
export function stopStream(video) {
  const stream = video.srcObject;
  if (stream) for (const track of stream.getTracks()) track.stop();
  video.srcObject = null;
}

/**
 * A JPEG of `source` (a video's current frame, or a decoded image) no longer than `maxSide` pixels on its
 * long side and no larger than `maxBytes`: the quality comes down until it fits.
 */
async function jpegOf(source, width, height, maxSide, maxBytes) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  canvas.getContext('2d').drawImage(source, 0, 0, canvas.width, canvas.height);
  for (const quality of [0.92, 0.85, 0.75, 0.6, 0.45]) {
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) break;
    if (blob.size <= maxBytes) return blob;
  }
  throw new Error('The photo could not be made small enough');
}

/** The video's current frame, as a JPEG. */
export function frameOf(video, { maxSide, maxBytes }) {
  return jpegOf(video, video.videoWidth, video.videoHeight, maxSide, maxBytes);
}

/** A photo file the signer chose, upright (EXIF orientation applied) and re-encoded as a JPEG; null when it is no readable image. */
export async function photoOf(file, { maxSide, maxBytes }) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    return await jpegOf(bitmap, bitmap.width, bitmap.height, maxSide, maxBytes);
  } finally {
    bitmap.close();
  }
}

/** A blob's bytes as base64, as the identity routes take images. */
export function base64Of(blob) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
