export {
  businessAreas as exampleBusinessAreas,
  customerContactSchema as exampleCustomerContactSchema,
  customerSchema as exampleCustomerSchema,
  dataSets as exampleDataSets,
  exampleTenant,
  productSchema as exampleProductSchema,
  schemas as exampleSchemas,
  supplierSchema as exampleSupplierSchema,
  type ExampleDataObject,
  type ExampleDataSet,
  type ExampleTenant,
} from './tenant.js';
export { exampleId } from './ids.js';
export {
  /** @deprecated Renamed `exampleCustomerSchema` (`mdq codegen` writes a `customerSchema`); this alias goes in the next release. */
  customerSchema,
  /** @deprecated Renamed `exampleCustomerContactSchema`; this alias goes in the next release. */
  customerContactSchema,
  /** @deprecated Renamed `exampleProductSchema`; this alias goes in the next release. */
  productSchema,
  /** @deprecated Renamed `exampleSupplierSchema`; this alias goes in the next release. */
  supplierSchema,
} from './tenant.js';
