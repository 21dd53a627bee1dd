import { getHeapStatistics } from 'node:v8';

const CHECK_EVERY_MS = 50;

/**
 * The worker's resourceLimits bound only its JavaScript heap; the pixels and the engines' buffers live
 * in ArrayBuffers outside it. This watches heap plus external memory while a task runs and calls
 * `onExceeded` (which ends the worker) once they pass `maxMemoryMb`. Returns the function that stops it.
 */
export function watchMemory(maxMemoryMb, onExceeded) {
  const limitBytes = maxMemoryMb * 1024 * 1024;
  const timer = setInterval(() => {
    const { used_heap_size: heapUsed, external_memory: external } = getHeapStatistics();
    if (heapUsed + external > limitBytes) onExceeded();
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
