import decodeStreamModule from 'pdf-lib/cjs/core/streams/DecodeStream.js';

/**
 * pdf-lib inflates object and cross-reference streams synchronously while loading, where no timer can
 * interrupt it and ArrayBuffers escape the heap limit; every one of its decoders grows its output
 * through DecodeStream.ensureBuffer, so refusing to grow past the budget bounds them all. Throwing
 * would not do: pdf-lib's parser swallows errors in objects and carries on, hence the callback, which
 * ends the worker. pdf-lib is pinned to 1.17.1, whose internals this relies on.
 */
export function capPdfLibDecoding(maxBytes, onExceeded) {
  const { prototype } = decodeStreamModule.default;
  const ensureBuffer = prototype.ensureBuffer;
  prototype.ensureBuffer = function cappedEnsureBuffer(requested) {
    if (requested > maxBytes) onExceeded();
    return ensureBuffer.call(this, requested);
  };
}
