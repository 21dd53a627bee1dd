const CHECK_EVERY_MS = 20;

/**
 * The worker's resourceLimits bound only the JavaScript heap: decoded streams live in ArrayBuffers
 * outside it, so a decompression bomb would grow without limit. pdf.js inflates content streams
 * asynchronously, chunk by chunk, which gives this timer the chance to stop it.
 *
 * Returns a function that stops watching: the worker watches while a job runs and sleeps between jobs.
 */
export function watchMemory(maxMemoryMb, onExceeded) {
  const limitBytes = maxMemoryMb * 1024 * 1024;
  const timer = setInterval(() => {
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    if (heapUsed + arrayBuffers > limitBytes) onExceeded();
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * What the worker holds on to once a job is done: the heap V8 has committed (live data, garbage not yet
 * collected, fragmentation) plus ArrayBuffers. The pool replaces a worker that holds too much.
 */
export function memoryHeld() {
  const { heapTotal, arrayBuffers } = process.memoryUsage();
  return heapTotal + arrayBuffers;
}
