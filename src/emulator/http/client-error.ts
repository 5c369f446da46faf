/** The answer to a request Node could not take: what went wrong, by Node's error code. */

/** Its status line and message: 431 for headers over 16 KiB (which a long query is), 408 for one that did not arrive in time, else 400. */
export function clientErrorReply(code: string | undefined): [status: string, message: string] {
  if (code === 'HPE_HEADER_OVERFLOW')
    return [
      '431 Request Header Fields Too Large',
      'the request line and headers are larger than 16 KiB; a query this long will not be accepted',
    ];
  // Node's headersTimeout and requestTimeout (60 s for the headers, 300 s for the whole request).
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return [
      '408 Request Timeout',
      'the request did not arrive in time (60 s for its headers, 300 s in all)',
    ];
  return ['400 Bad Request', 'malformed HTTP request'];
}
