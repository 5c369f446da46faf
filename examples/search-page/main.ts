/**
 * A plain-HTML search page: the query box is `mdq/codemirror` (completion, lint marks with
 * fixes, formatting, against the schemas of the scope), the results come from `mdq/client`.
 */
import { EditorView } from '@codemirror/view';
import { createClient, type GetToken, QueryError } from 'mdq/client';
import { mdq } from 'mdq/codemirror';

const scope = { businessArea: 'customer' };

/**
 * A page cannot keep a client secret: a real page asks its own backend for a token. Here,
 * the emulator's demo client (public credentials that open only the example tenant).
 */
const getToken: GetToken = async () => {
  const response = await fetch('/oauth2/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: 'mdq-demo', client_secret: 'mdq-demo-secret' }),
  });
  if (!response.ok) throw new Error(`the token endpoint answered HTTP ${response.status}`);
  const answer = (await response.json()) as { access_token: string; expires_in?: number };
  return { accessToken: answer.access_token, expiresInSeconds: answer.expires_in ?? 300 };
};

const client = createClient({ baseUrl: location.origin, getToken });
const total = document.getElementById('total')!;
const results = document.getElementById('results')!;

async function runSearch(query: string): Promise<void> {
  try {
    const {
      hits,
      total: count,
      diagnostics,
    } = await client.search(query, {
      ...scope,
      size: 20,
      check: 'error',
    });
    // Nothing found: say why when the check knows (a misspelt field is a warning, not an error).
    total.textContent =
      count === 0 && diagnostics.length > 0
        ? `0 records: ${diagnostics.map((d) => d.message).join('; ')}`
        : `${count} records`;
    results.replaceChildren(
      ...hits.map((hit) => {
        const item = document.createElement('li');
        item.textContent = [hit['First Name'], hit['Last Name'], hit.City]
          .filter(Boolean)
          .join(' ');
        return item;
      }),
    );
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    total.textContent = error.diagnostics.map((d) => d.message).join('; ');
    results.replaceChildren();
  }
}

const schemas = await client.schemasIn(scope);
new EditorView({
  parent: document.getElementById('search')!,
  doc: '[City] eq "Berlin"',
  extensions: [
    mdq({ schema: schemas, mode: 'single-line', onSubmit: (query) => runSearch(query) }),
    // The box's name for screen readers: a <label> cannot point at an editor's content.
    EditorView.contentAttributes.of({ 'aria-labelledby': 'search-label' }),
  ],
});
await runSearch('[City] eq "Berlin"');
