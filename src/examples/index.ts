export {
  businessAreas as exampleBusinessAreas,
  customerContactSchema,
  customerSchema,
  dataSets as exampleDataSets,
  exampleTenant,
  productSchema,
  schemas as exampleSchemas,
  supplierSchema,
  type ExampleDataObject,
  type ExampleDataSet,
  type ExampleTenant,
} from './tenant.js';
export { exampleId } from './ids.js';
