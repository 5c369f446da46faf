/** The resources the service answers with, as the client returns them. */
import type { Diagnostic } from '../language/diagnostic.js';
import type { BusinessAreaResponse, DataSetListItem, SchemaResponse } from '../schema/response.js';

export type { BusinessAreaResponse, DataSetListItem, SchemaResponse };

/** @deprecated Named {@link SchemaResponse}, as in `mdq`; this alias goes in the next release. */
export type Schema = SchemaResponse;
/** @deprecated Named {@link BusinessAreaResponse}, as in `mdq`; this alias goes in the next release. */
export type BusinessArea = BusinessAreaResponse;
/** @deprecated Named {@link DataSetListItem}, as in `mdq`; this alias goes in the next release. */
export type DataSet = DataSetListItem;

/** A schema as the list endpoint shows it (GET /v1/businessareas/{ba}/schemas). */
export interface SchemaListItem {
  readonly schemaId: string;
  readonly name: string;
  readonly description?: string;
  readonly businessAreaId?: string;
  readonly businessAreaName?: string;
  readonly active?: boolean;
  readonly state?: string;
  readonly fieldsCount?: number;
  readonly dataSetCount?: number;
  readonly runningJobsCount?: number;
  readonly version?: number;
  readonly deleted?: boolean;
  readonly [extra: string]: unknown;
}

/** A search hit: the metadata fields, and one property per schema field (names may hold spaces). */
export interface SearchHit {
  readonly _dataObjectId: string;
  readonly _businessAreaName: string;
  readonly _schemaName: string;
  readonly _dataSetName: string;
  readonly _businessAreaId: string;
  readonly _schemaId: string;
  readonly _dataSetId: string;
  readonly [field: string]: unknown;
}

/** A data object as the dataset listing shows it: with its `_version`, the optimistic lock. */
export interface DataObject {
  readonly _dataObjectId: string;
  readonly _version: number;
  readonly _errors?: readonly { readonly name?: string; readonly errors?: readonly unknown[] }[];
  readonly [field: string]: unknown;
}

/** The answer to a create: the new object's id and version, and its validation errors (it is created even when invalid). */
export interface CreatedDataObject {
  readonly _dataObjectId: string;
  readonly _version: number;
  readonly _errors: readonly { readonly name?: string; readonly errors?: readonly unknown[] }[];
  readonly [extra: string]: unknown;
}

/** Where a dataset lives: the ids the paths need. */
export interface DataSetRef {
  readonly businessAreaId: string;
  readonly schemaId: string;
  readonly dataSetId: string;
}

/** One data object, by the ids the paths need. A search hit is one too (its `_...Id` fields). */
export interface DataObjectRef extends DataSetRef {
  readonly dataObjectId: string;
}

/** The fields of a data object to write, keyed by their exact schema names. */
export type FieldValues = Readonly<Record<string, unknown>>;

/** One page of a `pageKey` list. */
export interface Page<T> {
  readonly items: readonly T[];
  /** Present only when more pages exist. */
  readonly nextPageKey?: string | undefined;
}

/** One page of search results. */
export interface SearchPage {
  readonly hits: readonly SearchHit[];
  /** The count of every matching data object, as the service said on this page. */
  readonly total: number;
  /** The offset this page was asked for. */
  readonly from: number;
  /** What the service said about the query (`mdq serve` sends the checker's findings); empty when it said nothing. */
  readonly serviceDiagnostics?: readonly Diagnostic[];
}

export interface SearchResult {
  readonly hits: readonly SearchHit[];
  readonly total: number;
  /** The local check's diagnostics (empty when the check was off or found nothing). */
  readonly diagnostics: readonly Diagnostic[];
  /** What the service said about the query (`mdq serve` sends the checker's findings); empty when it said nothing. */
  readonly serviceDiagnostics: readonly Diagnostic[];
}
