/** The element's dataset lists: one request per schema, shared by callers at once, asked again after a failure. */
import { describe, expect, it } from 'vitest';
import { dataSetLister } from '../../src/element/catalog.js';
import type { SearchBoxClient } from '../../src/element/index.js';

function countingClient(failures: number) {
  const asked: string[] = [];
  const client = {
    dataSets: (businessAreaId: string, schemaId: string) => ({
      toArray: async () => {
        asked.push(`${businessAreaId}/${schemaId}`);
        if (asked.length <= failures) throw new Error('HTTP 503');
        return [{ dataSetId: `${schemaId}-d`, dataSetName: `Data of ${schemaId}` }];
      },
    }),
  } as unknown as SearchBoxClient;
  return { client, asked };
}

describe('dataSetLister', () => {
  it('lists each schema once, even for callers asking at the same time', async () => {
    const { client, asked } = countingClient(0);
    const list = dataSetLister(client);
    const [a, b] = await Promise.all([list('b1', 's1'), list('b1', 's1')]);
    expect(a).toEqual([{ id: 's1-d', name: 'Data of s1' }]);
    expect(b).toBe(a);
    await list('b1', 's1');
    await list('b1', 's2');
    expect(asked).toEqual(['b1/s1', 'b1/s2']);
  });

  it('asks again after a failed list instead of keeping the failure', async () => {
    const { client, asked } = countingClient(1);
    const list = dataSetLister(client);
    await expect(list('b1', 's1')).rejects.toThrow('HTTP 503');
    expect(await list('b1', 's1')).toEqual([{ id: 's1-d', name: 'Data of s1' }]);
    await list('b1', 's1');
    expect(asked).toEqual(['b1/s1', 'b1/s1']);
  });

  it('keeps ids apart that would meet when joined', async () => {
    const { client, asked } = countingClient(0);
    const list = dataSetLister(client);
    await list('a/b', 'c');
    await list('a', 'b/c');
    expect(asked).toEqual(['a/b/c', 'a/b/c']);
  });
});
