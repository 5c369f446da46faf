/**
 * The DSL and the mapping are valid requests for both official clients: type-checked by
 * `tsc --noEmit` (part of `npm test`) against @opensearch-project/opensearch 3 and
 * @elastic/elasticsearch 8 (9 needs Node 22). The assignments are the test; the runtime
 * part only checks that the values are what was type-checked.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { API } from '@opensearch-project/opensearch';
import { describe, expect, it } from 'vitest';
import { exampleCustomerSchema } from '../../src/examples/index.js';
import { indexMapping, toQueryDsl } from '../../src/opensearch/index.js';

const schema = exampleCustomerSchema;

describe('mdq/opensearch against the clients\u2019 request types', () => {
  it('a query is a search request\u2019s query for OpenSearch and Elasticsearch', () => {
    const { query } = toQueryDsl(
      'City:berlin AND "anna berg"~2 AND an* AND /b.rg/ AND bob~1 AND NOT x AND Age:>30 AND _exists_:Email',
      { schema },
    );
    const opensearch: API.Search_RequestBody = { query };
    const elastic: estypes.SearchRequest = { index: 'customers', query };
    expect(opensearch.query).toBe(query);
    expect(elastic.query).toBe(query);
  });

  it('the mapping is a create-index body for OpenSearch and Elasticsearch', () => {
    const body = indexMapping(schema);
    const opensearch: API.Indices_Create_RequestBody = body;
    const elastic: estypes.IndicesCreateRequest = { index: 'customers', ...body };
    expect(opensearch.mappings).toBe(body.mappings);
    expect(elastic.settings).toBe(body.settings);
  });
});
