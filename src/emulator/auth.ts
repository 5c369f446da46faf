/**
 * Application clients, their tokens and what they may access. Tokens are random and
 * live in memory only; secrets are compared in constant time; neither ever appears in
 * an error, a log line or an inspected object.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { inspect } from 'node:util';
import type { BusinessAreaResponse, SchemaResponse } from '../schema/response.js';
import { ApiError, badRequest } from './http/reply.js';
import type { DataSetState } from './store/tenant-store.js';
import type { AreaGrant, ClientGrant } from './types.js';

export const DEMO_CLIENT = { clientId: 'mdq-demo', clientSecret: 'mdq-demo-secret' } as const;

/** What one client may do, resolved against the tenant's names and ids. */
export class Access {
  constructor(
    readonly clientId: string,
    private readonly grants: '*' | readonly AreaGrant[],
  ) {}

  private grantFor(area: BusinessAreaResponse): AreaGrant | undefined {
    if (this.grants === '*') return { businessArea: area.name };
    return this.grants.find(
      (g) => g.businessArea === area.name || g.businessArea === area.businessAreaId,
    );
  }

  area(area: BusinessAreaResponse): boolean {
    return this.grantFor(area) !== undefined;
  }

  schema(schema: SchemaResponse, area: BusinessAreaResponse): boolean {
    const grant = this.grantFor(area);
    return (
      grant !== undefined &&
      (grant.schemas === undefined ||
        grant.schemas.includes(schema.name) ||
        grant.schemas.includes(schema.schemaId))
    );
  }

  dataSet(dataSet: DataSetState): boolean {
    const grant = this.grantFor(dataSet.area);
    if (grant === undefined || !this.schema(dataSet.schema, dataSet.area)) return false;
    return (
      grant.dataSets === undefined ||
      grant.dataSets.includes(dataSet.item.dataSetName) ||
      grant.dataSets.includes(dataSet.item.dataSetId)
    );
  }

  /** May create, update and delete in the dataset (which it can already see). */
  write(dataSet: DataSetState): boolean {
    return this.grantFor(dataSet.area)?.access !== 'read';
  }

  [inspect.custom](): string {
    return `Access { clientId: ${JSON.stringify(this.clientId)} }`;
  }
}

/**
 * Live tokens kept per client. The demo client's secret is public, so a loop asking for
 * tokens must not grow memory without bound: beyond this many, the oldest is revoked.
 */
export const MAX_TOKENS_PER_CLIENT = 10_000;

interface Client {
  readonly clientId: string;
  readonly secretDigest: Buffer;
  readonly ttlSeconds: number;
  readonly access: Access;
  /** Its live tokens' keys (see tokenKey), oldest first: one lifetime per client, so also in the order they expire. */
  readonly tokens: Set<string>;
}

interface Token {
  readonly client: Client;
  readonly expiresAt: number;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * A token is kept as its SHA-256 only: the lookup then compares digests (nothing in its time
 * depends on how much of a guessed token is right), and no live token sits in memory to dump.
 */
function tokenKey(token: string): string {
  return digest(token).toString('base64');
}

/** Checks a clients config (parsed JSON): a clear error for every mistake, never echoing a secret. */
export function validateClients(value: unknown): ClientGrant[] {
  if (!Array.isArray(value))
    throw new Error(
      'the clients config must be a JSON array of { clientId, clientSecret, businessAreas }',
    );
  const seen = new Map<string, number>();
  return value.map((client, i) => {
    const where = `client ${i + 1}`;
    if (typeof client !== 'object' || client === null) throw new Error(`${where} is not an object`);
    const c = client as Record<string, unknown>;
    if (typeof c.clientId !== 'string' || c.clientId === '')
      throw new Error(`${where} has no clientId`);
    // The later one would replace the earlier: its secret and grants would never work, and nothing would say why.
    const before = seen.get(c.clientId);
    if (before !== undefined)
      throw new Error(
        `client ${JSON.stringify(c.clientId)} is given twice (clients ${before} and ${i + 1})`,
      );
    seen.set(c.clientId, i + 1);
    if (typeof c.clientSecret !== 'string' || c.clientSecret === '')
      throw new Error(`client ${JSON.stringify(c.clientId)} has no clientSecret`);
    if (
      c.tokenTtlSeconds !== undefined &&
      !(typeof c.tokenTtlSeconds === 'number' && c.tokenTtlSeconds > 0)
    )
      throw new Error(
        `client ${JSON.stringify(c.clientId)}: tokenTtlSeconds must be a positive number`,
      );
    const areas = c.businessAreas;
    if (areas !== '*' && !Array.isArray(areas))
      throw new Error(
        `client ${JSON.stringify(c.clientId)}: businessAreas must be "*" or an array`,
      );
    if (Array.isArray(areas)) {
      for (const a of areas) {
        const ok =
          typeof a === 'string' ||
          (typeof a === 'object' &&
            a !== null &&
            typeof (a as AreaGrant).businessArea === 'string');
        if (!ok)
          throw new Error(
            `client ${JSON.stringify(c.clientId)}: each business area grant is a name, an id, or { businessArea, schemas?, dataSets?, access? }`,
          );
      }
    }
    return c as unknown as ClientGrant;
  });
}

export class Auth {
  private readonly clients = new Map<string, Client>();
  /** Live tokens by tokenKey. */
  private readonly tokens = new Map<string, Token>();

  constructor(
    grants: readonly ClientGrant[],
    defaultTtlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    for (const grant of grants) {
      const areas =
        grant.businessAreas === '*'
          ? '*'
          : grant.businessAreas.map((a) => (typeof a === 'string' ? { businessArea: a } : a));
      this.clients.set(grant.clientId, {
        clientId: grant.clientId,
        secretDigest: digest(grant.clientSecret),
        ttlSeconds: grant.tokenTtlSeconds ?? defaultTtlSeconds,
        access: new Access(grant.clientId, areas),
        tokens: new Set(),
      });
    }
  }

  /** The token endpoint: 400 for a missing field, 401 for bad credentials. */
  issue(body: Readonly<Record<string, unknown>>): {
    access_token: string;
    expires_in: number;
    token_type: string;
  } {
    const missing = ['client_id', 'client_secret'].filter(
      (k) => typeof body[k] !== 'string' || body[k] === '',
    );
    if (missing.length > 0)
      throw badRequest(
        `missing ${missing.join(' and ')}: send {"client_id": "...", "client_secret": "..."}`,
      );
    const client = this.clients.get(body.client_id as string);
    // Digests have one length, so the comparison costs the same for every secret; unknown ids compare too.
    const given = digest(body.client_secret as string);
    const matches = timingSafeEqual(
      given,
      client?.secretDigest ?? digest(`\u0000${given.toString('hex')}`),
    );
    if (client === undefined || !matches) throw new ApiError(401, 'invalid client credentials');
    this.sweep(client);
    const token = randomBytes(32).toString('base64url');
    const key = tokenKey(token);
    this.tokens.set(key, { client, expiresAt: this.now() + client.ttlSeconds * 1000 });
    client.tokens.add(key);
    if (client.tokens.size > MAX_TOKENS_PER_CLIENT)
      this.revoke(client.tokens.values().next().value!);
    return { access_token: token, expires_in: client.ttlSeconds, token_type: 'Bearer' };
  }

  /** The access of the request's token, or a 401 that says what is wrong. */
  authenticate(header: string | undefined): Access {
    if (header === undefined || header.trim() === '')
      throw new ApiError(
        401,
        'missing Authorization header: send the access token from POST /oauth2/token',
      );
    const value = header.trim();
    if (/^bearer\s/i.test(value)) {
      throw new ApiError(
        401,
        'the Authorization header must hold the access token alone, without the "Bearer " prefix (this service does not use standard Bearer tokens)',
      );
    }
    const key = tokenKey(value);
    const token = this.tokens.get(key);
    if (token === undefined)
      throw new ApiError(401, 'invalid access token: request a new one from POST /oauth2/token');
    if (token.expiresAt <= this.now()) {
      this.revoke(key);
      throw new ApiError(
        401,
        'the access token has expired: request a new one from POST /oauth2/token',
      );
    }
    return token.client.access;
  }

  /** Expires every token now (a fault). */
  expireAll(): void {
    for (const [key, token] of this.tokens) this.tokens.set(key, { ...token, expiresAt: 0 });
  }

  /** Forgets the client's expired tokens, oldest first (they expire in the order they were issued), so each is looked at once. */
  private sweep(client: Client): void {
    const now = this.now();
    for (const key of client.tokens) {
      if (this.tokens.get(key)!.expiresAt > now) return;
      this.revoke(key);
    }
  }

  private revoke(key: string): void {
    this.tokens.get(key)?.client.tokens.delete(key);
    this.tokens.delete(key);
  }

  [inspect.custom](): string {
    return `Auth { clients: ${this.clients.size}, tokens: ${this.tokens.size} }`;
  }
}
