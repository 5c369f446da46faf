/** POST /oauth2/token and /v1/oauth2/token: client credentials for an access token. */
import { readJsonObject } from '../http/body.js';
import { json } from '../http/reply.js';
import type { Handler, Route } from '../router.js';

const issueToken: Handler = async (context) => {
  const body = await readJsonObject(context.request, context.uploads);
  return json(200, context.auth.issue(body), { 'Cache-Control': 'no-store' });
};

export const tokenRoutes: readonly Route[] = [
  { method: 'POST', path: '/oauth2/token', handler: issueToken },
  { method: 'POST', path: '/v1/oauth2/token', handler: issueToken },
];
