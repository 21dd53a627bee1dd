import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's ffmpeg, installed by infra/browser/ensure-ffmpeg.sh (jest's global setup runs it) when missing. */
const ENSURE_FFMPEG = path.join(__dirname, '..', '..', '..', '..', 'infra', 'browser', 'ensure-ffmpeg.sh');

/**
 * What Chromium's fake camera shows (--use-fake-device-for-media-stream with
 * --use-file-for-fake-video-capture): one Y4M file, which Chromium opens and reads each time a capture
 * starts (a getUserMedia after every track of the last one stopped), looping its frames while it runs.
 * `show` replaces the file (written beside it, then renamed over it, so a start never reads half a file):
 * the next capture start shows the new picture; a capture already running keeps the old one.
 */
export interface FakeCamera {
  /** The flags that make Chromium's camera this file. */
  flags: string[];
  /** Shows `image` (PNG or JPEG) from the next capture start, `filter` an ffmpeg filter laying it out (a table around a document). */
  show(image: Buffer, filter?: string): void;
  close(): void;
}

export function fakeCamera(): FakeCamera {
  execFileSync(ENSURE_FFMPEG, { stdio: 'inherit' });
  const dir = mkdtempSync(path.join(tmpdir(), 'signet-fake-camera-'));
  const file = path.join(dir, 'camera.y4m');
  let shown = 0;
  const camera: FakeCamera = {
    flags: ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`],
    show(image, filter = 'null') {
      shown += 1;
      const input = path.join(dir, `frame-${shown}.img`);
      const next = path.join(dir, `frame-${shown}.y4m`);
      writeFileSync(input, image);
      // One frame, 4:2:0 as Chromium's Y4M reader takes it, the sides even; Chromium loops it.
      execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', input, '-frames:v', '1', '-vf', `${filter},scale=trunc(iw/2)*2:trunc(ih/2)*2`, '-pix_fmt', 'yuv420p', next]);
      renameSync(next, file);
      rmSync(input);
    },
    close() {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return camera;
}

/** A document lying on a dark table, as a phone held over it frames it (1920 × 1080, the document in the middle). */
export const ON_A_TABLE = 'pad=1920:1080:(ow-iw)/2:(oh-ih)/2:color=0x4a3f35';
