/**
 * The bench's login to an emulator (mdq's or a tree under test): the access token of the
 * example tenant's demo client, whose credentials every emulator started without `--clients`
 * accepts.
 */
export async function demoToken(url) {
  const response = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'mdq-demo', client_secret: 'mdq-demo-secret' }),
  });
  return (await response.json()).access_token;
}
