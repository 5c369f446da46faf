/** What a request Node could not take is answered: the status says which of its limits it met. */
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientErrorReply } from '../../../src/emulator/http/client-error.js';

describe('clientErrorReply', () => {
  it('says 431 for headers too large, 408 for a request too slow (it said 400 malformed), 400 otherwise', () => {
    expect(clientErrorReply('HPE_HEADER_OVERFLOW')[0]).toBe('431 Request Header Fields Too Large');
    expect(clientErrorReply('ERR_HTTP_REQUEST_TIMEOUT')).toEqual([
      '408 Request Timeout',
      expect.stringMatching(/did not arrive in time/),
    ]);
    expect(clientErrorReply('HPE_INVALID_METHOD')[0]).toBe('400 Bad Request');
    expect(clientErrorReply(undefined)[0]).toBe('400 Bad Request');
  });

  it('knows the code Node gives a request that stalls past its headers timeout', async () => {
    const server = createServer(
      { headersTimeout: 300, requestTimeout: 400, connectionsCheckingInterval: 50 },
      (_, response) => response.end(),
    );
    const code = new Promise<string | undefined>((resolve) =>
      server.on(
        'clientError',
        (error: NodeJS.ErrnoException, socket) => (resolve(error.code), socket.destroy()),
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = connect((server.address() as { port: number }).port, '127.0.0.1', () =>
      socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n'),
    );
    socket.on('error', () => {});
    try {
      expect(clientErrorReply(await code)[0]).toBe('408 Request Timeout');
    } finally {
      socket.destroy();
      server.close();
    }
  });
});
