/**
 * The Get Schema response of the master-data service, as documented
 * (GET /v1/businessareas/{businessAreaId}/schemas/{schemaId}). Every property the
 * service may omit is optional, and unknown extra properties are allowed: the
 * service documents only some `dataType` values, so consumers must tolerate others.
 */

/** `dataType` values the documentation names; any other string may appear. */
export type KnownDataType =
  | 'string'
  | 'integer'
  | 'float'
  | 'currency'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'time'
  | 'picklist'
  | 'image'
  | 'document'
  | 'email'
  | 'phone'
  | 'url';

export interface Classifier {
  readonly tagId?: string;
  readonly tagName?: string;
}

export interface PicklistEntry {
  readonly code: string;
  readonly description?: string;
}

export interface SchemaFieldResponse {
  readonly fieldId?: string;
  /** Used as the property name in data objects and in queries; may hold spaces. */
  readonly name: string;
  readonly description?: string;
  readonly active?: boolean;
  readonly dataType?: KnownDataType | (string & {});
  readonly isPrimaryKey?: boolean;
  readonly isSortKey?: boolean;
  readonly isRequired?: boolean;
  readonly isMultivalue?: boolean;
  readonly isPII?: boolean;
  /** Lower bound: a length for string fields, the earliest date for date fields. */
  readonly min?: number | string;
  /** Upper bound, same meaning as `min`. */
  readonly max?: number | string;
  readonly classifiers?: readonly Classifier[];
  readonly validationRules?: readonly unknown[];
  /** For boolean fields: a pair of values separated by a slash, such as `Y/N` or `true/false`. */
  readonly allowedBooleanValues?: string;
  readonly picklistType?: string;
  readonly staticPicklist?: readonly PicklistEntry[];
  readonly dataDomainId?: string;
  readonly dateFormat?: string;
  readonly dateSeparator?: string;
  readonly timeFormat?: string;
  readonly maxWidth?: number;
  readonly maxHeight?: number;
  readonly maxSize?: number;
  readonly createdBy?: string;
  readonly updatedBy?: string;
  readonly createdDate?: string;
  readonly updatedDate?: string;
  readonly [extra: string]: unknown;
}

export interface SchemaResponse {
  readonly schemaId: string;
  readonly name: string;
  readonly description?: string;
  readonly businessAreaId: string;
  readonly businessAreaName: string;
  readonly version?: number;
  readonly createdBy?: string;
  readonly updatedBy?: string;
  readonly createdDate?: string;
  readonly updatedDate?: string;
  /** Ordered by creation date, ascending. */
  readonly fields: readonly SchemaFieldResponse[];
  readonly [extra: string]: unknown;
}

/** The metadata fields every search hit carries; they can be searched like schema fields. */
export const HIT_METADATA_FIELDS = [
  '_dataObjectId',
  '_businessAreaName',
  '_schemaName',
  '_dataSetName',
  '_businessAreaId',
  '_schemaId',
  '_dataSetId',
] as const;

/** A business area, as listed by GET /v1/my/businessareas. */
export interface BusinessAreaResponse {
  readonly businessAreaId: string;
  readonly name: string;
  readonly description?: string;
  readonly active?: boolean;
  readonly createdBy?: string;
  readonly updatedBy?: string;
  readonly createdDate?: string;
  readonly updatedDate?: string;
  readonly version?: number;
  readonly [extra: string]: unknown;
}

/** A dataset, as listed by GET /v1/businessareas/{ba}/schemas/{s}/datasets. */
export interface DataSetListItem {
  readonly dataSetId: string;
  readonly dataSetName: string;
  readonly dataSetDescription?: string;
  readonly businessAreaId: string;
  readonly businessAreaName: string;
  readonly schemaId: string;
  readonly schemaName: string;
  readonly recordCount?: number;
  readonly erroredRecordsCount?: number;
  readonly runningJobsCount?: number;
  readonly version?: number;
  readonly createdBy?: string;
  readonly createdByEmail?: string;
  readonly createdByName?: string;
  readonly updatedBy?: string;
  readonly updatedByEmail?: string;
  readonly updatedByName?: string;
  readonly createdDate?: string;
  readonly updatedDate?: string;
  readonly deleted?: boolean;
  readonly [extra: string]: unknown;
}
