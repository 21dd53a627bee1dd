import { getHeapStatistics } from 'node:v8';

const CHECK_EVERY_MS = 20;

/**
 * Heap and external memory (ArrayBuffers, with the few other buffers V8 is told of), from V8 itself:
 * process.memoryUsage() would also read the RSS from /proc, three system calls each time.
 */
function heapAndExternal() {
  const { used_heap_size: heapUsed, total_heap_size: heapTotal, external_memory: external } = getHeapStatistics();
  return { heapUsed, heapTotal, external };
}

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
    const { heapUsed, external } = heapAndExternal();
    if (heapUsed + external > limitBytes) onExceeded();
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * What the worker holds on to once a job is done: the heap V8 has committed (live data, garbage not yet
 * collected, fragmentation) plus external memory. The pool replaces a worker that holds too much.
 */
export function memoryHeld() {
  const { heapTotal, external } = heapAndExternal();
  return heapTotal + external;
}
