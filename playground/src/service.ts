/**
 * What the page needs from the service, behind one small interface: the scope
 * lists, the schemas and the search. The page is served by the emulator itself,
 * so the service is this page's own origin, and the demo client's credentials are
 * the emulator's public demo ones.
 */
import type { SchemaResponse } from 'mdq';

export interface Named {
  readonly id: string;
  readonly name: string;
}

export interface SearchParams {
  readonly query: string;
  readonly businessArea?: string;
  readonly schema?: string;
  readonly dataSet?: string;
  readonly from: number;
  readonly size: number;
}

export type Hit = Readonly<Record<string, unknown>>;

export interface SearchPage {
  readonly hits: readonly Hit[];
  readonly total: number;
}

export interface Service {
  businessAreas(): Promise<Named[]>;
  schemas(businessAreaId: string): Promise<Named[]>;
  schema(businessAreaId: string, schemaId: string): Promise<SchemaResponse>;
  dataSets(businessAreaId: string, schemaId: string): Promise<Named[]>;
  search(params: SearchParams, signal?: AbortSignal): Promise<SearchPage>;
}
