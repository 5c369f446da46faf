/**
 * The service this page talks to, through mdq's client: the emulator that serves the
 * page, on the page's own origin.
 *
 * Why `getToken` and not `credentials`: a web page cannot keep a client secret (anyone
 * can read it), so a real page's `getToken` asks its own backend, which holds the
 * secret or the user's session, for a token. This page is served by the emulator, which
 * has no such backend; its `getToken` exchanges the emulator's demo client, public
 * credentials that `mdq serve` prints on start and that open only the example tenant.
 * `demoToken` is the one function a real deployment replaces; the client around it
 * (token caching and renewal, retries, typed errors) stays as it is.
 */
import { createClient, type GetToken, type MdqClient } from 'mdq/client';

const DEMO_CLIENT = { client_id: 'mdq-demo', client_secret: 'mdq-demo-secret' };

/** A token for the emulator's demo client, with its lifetime so the client renews it in time. */
export function demoToken(baseUrl: string): GetToken {
  return async () => {
    const response = await fetch(`${baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(DEMO_CLIENT),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`the token endpoint answered HTTP ${response.status}`);
    const answer = (await response.json()) as { access_token: string; expires_in?: number };
    return {
      accessToken: answer.access_token,
      ...(typeof answer.expires_in === 'number' ? { expiresInSeconds: answer.expires_in } : {}),
    };
  };
}

export function connect(baseUrl = location.origin): MdqClient {
  return createClient({ baseUrl, getToken: demoToken(baseUrl) });
}
