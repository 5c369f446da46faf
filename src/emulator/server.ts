/**
 * `startEmulator`: the service interface over `node:http`. Each request is logged in
 * one line (method, path, status, milliseconds; never a token or secret), passes the
 * fault dice, and is answered by its route; any failure is a JSON `{ message }`, never
 * a stack trace.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Auth, DEMO_CLIENT, validateClients, type Access } from './auth.js';
import { Faults } from './faults.js';
import { hostFilter, hostRefusal } from './http/allowed-hosts.js';
import { clientErrorReply } from './http/client-error.js';
import { ApiError, json, type Reply } from './http/reply.js';
import { encodeReply } from './http/encode.js';
import { Outbox } from './http/outbox.js';
import { checkStaticFolder, staticFile } from './http/static-files.js';
import { UploadBudget } from './http/upload-budget.js';
import { Router, type Route, type RouteContext } from './router.js';
import { EmulatorOptionError, settingsOf, type ServerSettings } from './settings.js';
import { ROUTES, routesWith } from './routes/index.js';
import { postgresRoutes } from './routes/postgres.js';
import { CONTROL_PREFIX } from './routes/control.js';
import { openTenant, type Persistence } from './store/open-tenant.js';
import { buildInBackground } from './search/word-index.js';
import { connect } from './store/postgres-connection.js';
import { PostgresTenant } from './store/postgres-tenant.js';
import type { TenantStore } from './store/tenant-store.js';
import type { Emulator, EmulatorOptions } from './types.js';

/** A request's path as a log line shows it: no query (it may hold a pageKey or an id), at most 300 characters. */
function pathForLog(request: IncomingMessage): string {
  return (request.url ?? '/').split('?')[0]!.slice(0, 300);
}

/** An answer written straight to a socket that no `ServerResponse` owns (a request Node could not take); the connection ends after it. */
function rawAnswer(status: string, message: string, headers = ''): string {
  return `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\n${headers}Connection: close\r\n\r\n${JSON.stringify({ message })}`;
}

/** The tenant in memory (and a data folder), or its data objects in PostgreSQL with the routes that read them there. */
async function openStore(
  options: EmulatorOptions,
  settings: ServerSettings,
): Promise<{
  store: TenantStore;
  persistence: Persistence;
  routes: readonly Route[];
  indexed: Promise<void>;
}> {
  if (options.database === undefined) {
    const opened = await openTenant({ ...options, compactAfterBytes: settings.compactAfterBytes });
    // The word index, built from now on between requests, so that no search pays the whole build.
    const build = buildInBackground(opened.store.dataSets);
    const { persistence } = opened;
    return {
      store: opened.store,
      persistence: {
        record: (object, before) => persistence.record(object, before),
        broken: () => persistence.broken(),
        close() {
          build.stop();
          return persistence.close();
        },
      },
      routes: ROUTES,
      indexed: build.done,
    };
  }
  if (options.dataDir !== undefined)
    throw new EmulatorOptionError(
      'database',
      'cannot be combined with dataDir: the data lives in one place',
    );
  const sql = await connect(options.database);
  let tenant: PostgresTenant;
  try {
    tenant = await PostgresTenant.open(sql, options);
  } catch (e) {
    await sql.close();
    throw e;
  }
  return {
    store: tenant.store,
    // Every change is committed before it is answered: nothing is left to write.
    persistence: {
      record: () => Promise.resolve(),
      broken: () => undefined,
      close: () => tenant.close(),
    },
    routes: routesWith(postgresRoutes(tenant)),
    // PostgreSQL keeps its own indexes.
    indexed: Promise.resolve(),
  };
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const settings = settingsOf(options);
  const clients =
    options.clients === undefined
      ? [{ ...DEMO_CLIENT, businessAreas: '*' as const }]
      : validateClients(options.clients);
  const auth = new Auth(clients, settings.tokenTtlSeconds);
  const faults = new Faults(options.faults ?? null);
  const { shutdownGraceMs: graceMs, sendTimeoutMs, maxUnsentBytes } = settings;
  if (settings.staticDir !== undefined) await checkStaticFolder(settings.staticDir);
  const { store, persistence, routes, indexed } = await openStore(options, settings);
  const router = new Router(routes);
  const hostAllowed = hostFilter(options.host ?? '127.0.0.1', options.allowedHosts);
  const uploads = new UploadBudget(settings.maxBodyBytes, settings.maxUploadBytes);
  const quiet = options.quiet ?? true;
  const write = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const log = (line: string) => {
    try {
      write(line);
    } catch {
      // A log that fails (its reader went away) must never change an answer or drop a connection.
    }
  };
  const outbox = new Outbox(sendTimeoutMs, maxUnsentBytes);
  /** Sends the reply, or a 503 when the answers not yet sent would pass their budget (see outbox.ts); the status sent. */
  const respond = (response: ServerResponse, reply: Reply, closing = false): number => {
    let answer = encodeReply(reply, closing);
    let room = outbox.take(answer.body?.length ?? 0);
    if (room === undefined) {
      answer = encodeReply(
        json(
          503,
          {
            message:
              'the emulator has too many answers waiting to be read; send the request again shortly',
          },
          { 'Retry-After': '1' },
        ),
        true,
      );
      room = outbox.force(answer.body?.length ?? 0);
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
    outbox.watch(response, room, () => {
      if (!quiet)
        log(
          `${response.req.method ?? 'GET'} ${pathForLog(response.req)} ${answer.status} cut: the client took no answer within ${sendTimeoutMs} ms`,
        );
    });
    return answer.status;
  };
  let drained: (() => void) | undefined;
  /** Requests being answered, so that close() can cut those that would hold it up (see there). */
  const open = new Set<IncomingMessage>();
  /** Aborted by close(): injected latency ends at once, those requests are dropped unanswered, and later ones get a 503. */
  const stopping = new AbortController();

  async function answer(request: IncomingMessage, url: URL, method: string): Promise<Reply> {
    const matched = router.match(method, url.pathname);
    if (matched === null) {
      if ((method === 'GET' || method === 'HEAD') && settings.staticDir !== undefined) {
        const file = await staticFile(settings.staticDir, url.pathname);
        if (file !== null) return file;
      }
      return json(404, { message: `no such endpoint: ${method} ${url.pathname.slice(0, 200)}` });
    }
    if ('allow' in matched) {
      return json(
        405,
        { message: `${method} is not allowed here; use ${matched.allow.join(' or ')}` },
        { Allow: matched.allow.join(', ') },
      );
    }
    let access: Access | undefined;
    const context: RouteContext = {
      request,
      url,
      params: matched.params,
      store,
      persistence,
      auth,
      faults,
      settings,
      uploads,
      access: () => (access ??= auth.authenticate(request.headers.authorization)),
    };
    // Authenticate every API route up front (the token endpoints and the control endpoint excepted).
    if (
      !url.pathname.endsWith('/oauth2/token') &&
      !url.pathname.startsWith(CONTROL_PREFIX) &&
      url.pathname !== '/openapi.json'
    )
      context.access();
    return matched.route.handler(context);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = performance.now();
    const method = request.method ?? 'GET';
    let url: URL;
    try {
      const target = request.url ?? '/';
      // The origin form is appended to a base, not resolved against it: `//x/path` is a path, not the host x.
      url = target.startsWith('/') ? new URL(`http://emulator${target}`) : new URL(target);
    } catch {
      url = new URL('http://emulator/');
    }
    const logLine = (status: number | string) => {
      if (!quiet)
        log(
          `${method} ${url.pathname.slice(0, 300)} ${status} ${(performance.now() - started).toFixed(1)}ms`,
        );
    };
    const host = request.headers.host;
    if (!hostAllowed(host)) {
      logLine(respond(response, json(403, { message: hostRefusal(host!) }), true));
      return;
    }
    // HEAD is the GET without its body: the GET's faults apply to it.
    const decision = url.pathname.startsWith(CONTROL_PREFIX)
      ? undefined
      : faults.decide(method === 'HEAD' ? 'GET' : method, url.pathname);
    if (decision !== undefined) {
      if (decision.latencyMs > 0) {
        try {
          await sleep(decision.latencyMs, undefined, { signal: stopping.signal });
        } catch {
          // Stopping: the request was not handled, so dropping it loses nothing acknowledged.
          request.socket.destroy();
          logLine('dropped');
          return;
        }
      }
      if (decision.expireTokens) auth.expireAll();
      if (decision.drop === 'before') {
        request.socket.destroy();
        logLine('dropped');
        return;
      }
      if (decision.status !== undefined) {
        const headers: Record<string, string> =
          decision.retryAfter === undefined ? {} : { 'Retry-After': decision.retryAfter };
        logLine(
          respond(
            response,
            json(decision.status, { message: `injected fault: ${decision.status}` }, headers),
            stopping.signal.aborted,
          ),
        );
        return;
      }
    }
    let reply: Reply;
    try {
      reply = await answer(request, url, method);
    } catch (e) {
      if (e instanceof ApiError) reply = e.toReply();
      else {
        reply = json(500, { message: 'internal error in the emulator' });
        if (!quiet) log(`error: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if (decision?.drop === 'after') {
      request.socket.destroy();
      logLine('dropped');
      return;
    }
    // A body we did not read (an early error) would stall the connection: close it instead.
    if (!request.complete) reply = { ...reply, headers: { ...reply.headers, Connection: 'close' } };
    logLine(respond(response, reply, stopping.signal.aborted));
  }

  const sockets = new Set<Socket>();
  /**
   * Requests of each connection not yet answered, and the answer to a malformed request that came
   * after them: it waits for theirs. Written at once, it would be read as the answer to the first of
   * them (a pipelined `PUT` followed by garbage read "400" while the PUT was applied).
   */
  const unanswered = new WeakMap<object, Set<IncomingMessage>>();
  const errorAfterAnswers = new WeakMap<object, string>();
  const track = (request: IncomingMessage, response: ServerResponse) => {
    const { socket } = request;
    let requests = unanswered.get(socket);
    if (requests === undefined) unanswered.set(socket, (requests = new Set()));
    requests.add(request);
    const done = () => {
      if (!requests.delete(request)) return;
      const error = errorAfterAnswers.get(socket);
      if (requests.size > 0 || error === undefined) return;
      errorAfterAnswers.delete(socket);
      if (socket.writable) socket.end(error);
      else socket.destroy();
    };
    response.once('finish', done);
    response.once('close', done);
  };
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    track(request, response);
    if (stopping.signal.aborted) {
      // Arrived (on a kept-alive connection) after close() began: not handled, so safe to send again elsewhere.
      // Its body is not read; the connection ends after this answer.
      respond(
        response,
        json(
          503,
          { message: 'the emulator is stopping; send the request again once it runs' },
          { 'Retry-After': '1' },
        ),
        true,
      );
      if (!quiet) log(`${request.method ?? 'GET'} ${pathForLog(request)} 503 stopping`);
      return;
    }
    // RFC 9112 3.2: an HTTP/1.1 request without Host is a 400 (Node's own check sent one with an empty body, not JSON).
    if (request.httpVersion === '1.1' && request.headers.host === undefined) {
      respond(
        response,
        json(400, { message: 'an HTTP/1.1 request must carry a Host header' }),
        true,
      );
      if (!quiet) log(`${request.method ?? 'GET'} ${pathForLog(request)} 400`);
      return;
    }
    open.add(request);
    handle(request, response)
      .catch(() => {
        if (!response.headersSent)
          respond(
            response,
            json(500, { message: 'internal error in the emulator' }),
            stopping.signal.aborted,
          );
        else response.destroy();
      })
      .finally(() => {
        open.delete(request);
        if (open.size === 0) drained?.();
      });
  };
  const server = createServer({ keepAliveTimeout: 5000, requireHostHeader: false }, onRequest);
  // CONNECT asks for a tunnel, which the emulator is not: Node would drop the connection without a word.
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end(
      rawAnswer(
        '405 Method Not Allowed',
        'CONNECT is not allowed: the emulator is not a proxy',
        'Allow: GET, HEAD, POST, PUT, DELETE\r\n',
      ),
    );
    if (!quiet) log(`CONNECT ${(request.url ?? '').slice(0, 300)} 405`);
  });
  // `Expect: 100-continue` (curl sends it for bodies over 1 KiB): a body too large, or past the budget, is refused before it is sent.
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    let refused: Reply | undefined;
    try {
      uploads.admit(Number(request.headers['content-length']));
    } catch (e) {
      refused = (e as ApiError).toReply();
    }
    if (refused !== undefined) {
      track(request, response);
      respond(response, { ...refused, headers: { ...refused.headers, Connection: 'close' } });
      if (!quiet) log(`${request.method ?? 'POST'} ${pathForLog(request)} ${refused.status}`);
      return;
    }
    // Stopping: the 503 goes without asking for the body.
    if (!stopping.signal.aborted) response.writeContinue();
    onRequest(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const [status, message] = clientErrorReply(error.code);
    const answer = rawAnswer(status, message);
    // Only when every request still being answered arrived whole: otherwise the error is in the body of one of
    // them (a client that left mid-body), and ending the connection now is what aborts it and frees what it holds.
    const requests = unanswered.get(socket);
    if (requests !== undefined && requests.size > 0 && [...requests].every((r) => r.complete))
      errorAfterAnswers.set(socket, answer);
    else socket.end(answer);
  });

  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    // The port is taken (or the host unknown): give the data folder back.
    await persistence.close();
    throw e;
  }
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  let closing: Promise<void> | undefined;

  return {
    url: `http://${urlHost}:${port}`,
    port,
    demoClient: { ...DEMO_CLIENT },
    indexed,
    setFaults(config) {
      faults.set(config);
    },
    close() {
      closing ??= (async () => {
        // First, so that a request parsed from here on is answered 503 (see the request handler).
        stopping.abort();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // A request whose body has not all arrived has changed nothing yet (every handler reads the body
        // first) and could keep close() waiting for minutes (a stalled upload): cut it. The others finish,
        // within the grace period: past it their connections are cut too (an answer not sent acknowledges nothing,
        // and a change already handed to the journal is written by persistence.close() below).
        for (const request of open) if (!request.complete) request.socket.destroy();
        if (open.size > 0) {
          let timer: NodeJS.Timeout | undefined;
          await new Promise<void>((resolve) => {
            drained = resolve;
            timer = setTimeout(resolve, graceMs);
          });
          clearTimeout(timer);
        }
        // Whatever is left: idle connections of the requests just answered, requests begun but not parsed.
        for (const socket of sockets) socket.destroy();
        await stopped;
        await persistence.close();
      })();
      return closing;
    },
  };
}
