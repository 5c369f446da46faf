/** The example tenant's data objects as search hits return them: with the hit metadata. */
import { exampleDataSets, exampleSchemas } from '../../src/examples/index.js';
import {
  compile,
  filter,
  type CompileOptions,
  type DataRecord,
} from '../../src/evaluator/index.js';

export const records: readonly DataRecord[] = exampleDataSets.flatMap(({ dataSet, dataObjects }) =>
  dataObjects.map(({ _version, ...fields }) => ({
    ...fields,
    _schemaName: dataSet.schemaName,
    _dataSetName: dataSet.dataSetName,
    _businessAreaName: dataSet.businessAreaName,
  })),
);

/** A record's short name for assertions: a person's first name, a product or supplier name. */
export function nameOf(record: DataRecord): string {
  return String(record['First Name'] ?? record['Product Name'] ?? record['Supplier Name']);
}

/** The names of the example records that `query` matches, in order. */
export function names(
  query: string,
  options: CompileOptions = { schema: exampleSchemas },
): string[] {
  return filter(records, query, options).map(nameOf);
}

export { compile, exampleSchemas };
