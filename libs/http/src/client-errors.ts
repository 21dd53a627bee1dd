import type { Duplex } from 'node:stream';
import { AppError } from './app-error';
import { newRequestId, REQUEST_ID_HEADER } from './request-id';

interface ParserError extends Error {
  code?: string;
}

function appErrorFor(error: ParserError): AppError {
  if (error.code === 'HPE_HEADER_OVERFLOW') return new AppError('HEADERS_TOO_LARGE', 'The request headers are too large');
  if (error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return new AppError('PAYLOAD_TOO_LARGE', 'The request is too large');
  return new AppError('BAD_REQUEST', 'The request could not be read as HTTP');
}

/**
 * Node's HTTP server answers requests it cannot even parse (headers over its limit, malformed HTTP)
 * before express sees them, with an empty body. This listener for the server's 'clientError' answers
 * them like every other error: `{error, code, request_id}` and an X-Request-Id. A connection that is
 * already gone, or broke off mid-answer, is only closed.
 */
export function answerClientError(error: ParserError, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable || (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const appError = appErrorFor(error);
  const requestId = newRequestId();
  const body = JSON.stringify({ error: appError.message, code: appError.code, request_id: requestId });
  const reason = appError.status === 431 ? 'Request Header Fields Too Large' : appError.status === 413 ? 'Payload Too Large' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${appError.status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `${REQUEST_ID_HEADER}: ${requestId}\r\nConnection: close\r\n\r\n${body}`
  );
}
