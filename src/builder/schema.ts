/**
 * Schema-typed builders. `defineSchema({...} as const)` (or `schemaFromResponse`
 * on a Get Schema response typed `as const`, or a module written by `mdq codegen`)
 * gives `schema.field(name)` whose name must be a field of the schema and whose
 * methods and value types follow the field's `dataType`:
 *
 * | dataType                              | values                          | clauses                                  |
 * |---------------------------------------|---------------------------------|------------------------------------------|
 * | string, text, email, phone, url        | string                          | equality, wildcards, eq ne contains startswith endswith |
 * | integer, float, currency, number, ...  | number                          | equality, ranges, relations, eq ne gt lt ge le |
 * | date, datetime, timestamp              | `Date` or `YYYY-MM-DD`          | as numbers                               |
 * | time                                   | string                          | as numbers                               |
 * | boolean                                | the `allowedBooleanValues` pair, or `true`/`false` | equality, eq ne          |
 * | picklist                               | the codes of `staticPicklist`   | equality, eq ne                          |
 * | image, document                        | none                            | exists / missing only                    |
 * | anything else (unknown to mdq)         | string, number or `Date`        | everything                               |
 *
 * Every field also has `exists()` and `missing()`. The same rules are enforced at
 * run time (a `BuilderError`), for callers that reach the builder from untyped code.
 */
import type { Comparison, ComparisonOperator, Exists, Field, Not } from '../language/ast.js';
import { HIT_METADATA_FIELDS } from '../schema/response.js';
import { BuilderError } from './errors.js';
import * as f from './factories.js';
import { checkFieldName, checkOperator } from './nodes.js';
import { dayText, describe, type DateString, type Scalar } from './values.js';

/** What the builder reads from a field definition; any other property (a whole Get Schema field) is allowed. */
export interface FieldDefinition {
  readonly dataType?: string;
  readonly description?: string;
  /** For booleans: the pair of values, `Y/N`; default `true/false`. */
  readonly allowedBooleanValues?: string;
  /** For picklists: the allowed codes. */
  readonly staticPicklist?: readonly { readonly code: string; readonly description?: string }[];
  readonly [property: string]: unknown;
}

/** Field definitions keyed by field name. */
export type SchemaDefinition = { readonly [name: string]: FieldDefinition };

// ------------------------------------------------------------------ kinds

type TextType = 'string' | 'text' | 'email' | 'phone' | 'url';
type NumberType =
  | 'integer'
  | 'int'
  | 'long'
  | 'number'
  | 'float'
  | 'double'
  | 'decimal'
  | 'currency';
type DateType = 'date' | 'datetime' | 'timestamp';
type PresenceType = 'image' | 'document';

/** How the builder treats a field. */
export type ValueKind =
  | 'text'
  | 'number'
  | 'date'
  | 'time'
  | 'boolean'
  | 'picklist'
  | 'presence'
  | 'opaque';

const KIND_OF_TYPE: Readonly<Record<string, ValueKind>> = {
  string: 'text',
  text: 'text',
  email: 'text',
  phone: 'text',
  url: 'text',
  integer: 'number',
  int: 'number',
  long: 'number',
  number: 'number',
  float: 'number',
  double: 'number',
  decimal: 'number',
  currency: 'number',
  date: 'date',
  datetime: 'date',
  timestamp: 'date',
  time: 'time',
  boolean: 'boolean',
  picklist: 'picklist',
  image: 'presence',
  document: 'presence',
} satisfies Record<
  TextType | NumberType | DateType | PresenceType | 'time' | 'boolean' | 'picklist',
  ValueKind
>;

/** The kind of a field definition at run time; mirrors `KindOf` below. */
export function valueKind(definition: FieldDefinition): ValueKind {
  const type = definition.dataType;
  if (type === undefined) return 'text';
  return (typeof type === 'string' ? KIND_OF_TYPE[type.toLowerCase()] : undefined) ?? 'opaque';
}

/** The kind of a field definition at the type level; a `dataType` typed as plain `string` is `opaque`. */
export type KindOf<D> = 'dataType' extends keyof D
  ? KindOfType<Exclude<D['dataType' & keyof D], undefined>>
  : 'text';

type KindOfType<T> = [T] extends [never]
  ? 'text'
  : [T] extends [string]
    ? string extends T
      ? 'opaque'
      : Lowercase<T> extends TextType
        ? 'text'
        : Lowercase<T> extends NumberType
          ? 'number'
          : Lowercase<T> extends DateType
            ? 'date'
            : Lowercase<T> extends 'time'
              ? 'time'
              : Lowercase<T> extends 'boolean'
                ? 'boolean'
                : Lowercase<T> extends 'picklist'
                  ? 'picklist'
                  : Lowercase<T> extends PresenceType
                    ? 'presence'
                    : 'opaque'
    : 'opaque';

/** A date as a date field takes it: a `YYYY-MM-DD` string, or a `Date` standing for its local calendar date (`new Date(2024, 0, 1)` is `2024-01-01`). */
export type DateInput = Date | DateString;

/** The values of a boolean field: its `allowedBooleanValues` pair (or `true`/`false`), or a JS boolean. */
export type BooleanValue<D> =
  | boolean
  | (D extends { readonly allowedBooleanValues: infer A extends string }
      ? A extends `${infer T}/${infer F}`
        ? T | F
        : string
      : 'true' | 'false');

/** The codes of a picklist field. */
export type PicklistCode<D> = D extends { readonly staticPicklist: readonly (infer E)[] }
  ? E extends { readonly code: infer C extends string }
    ? C
    : never
  : string;

type TextOperator = 'eq' | 'ne' | 'contains' | 'startswith' | 'endswith';
type OrderOperator = 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le';

// ------------------------------------------------------------------ typed field views

/** Every field: `_exists_:name` and `NOT _exists_:name`. */
export interface PresenceClauses<N extends string> {
  readonly name: N;
  exists(): Exists;
  missing(): Not;
}

export interface EqualityClauses<V> {
  equals(value: V): Field;
  anyOf(values: readonly [V, ...V[]]): Field;
  anyOf(values: readonly V[]): Field | undefined;
  eq(value: V): Comparison;
  ne(value: V): Comparison;
}

export interface ComparisonClauses<V, Op extends ComparisonOperator> {
  compare(operator: Op, value: V): Comparison;
}

export interface WildcardClauses {
  startsWith(text: string): Field;
  endsWith(text: string): Field;
  contains(text: string): Field;
}

export interface TypedRangeBounds<V> {
  readonly gt?: V | null;
  readonly gte?: V | null;
  readonly lt?: V | null;
  readonly lte?: V | null;
}

export interface OrderClauses<V> {
  between(lower: V, upper: V | null | undefined, options?: f.BetweenOptions): Field;
  between(lower: V | null | undefined, upper: V, options?: f.BetweenOptions): Field;
  between(
    lower: V | null | undefined,
    upper: V | null | undefined,
    options?: f.BetweenOptions,
  ): Field | undefined;
  range(bounds: TypedRangeBounds<V>): Field | undefined;
  greaterThan(value: V): Field;
  greaterOrEqual(value: V): Field;
  lessThan(value: V): Field;
  lessOrEqual(value: V): Field;
  gt(value: V): Comparison;
  lt(value: V): Comparison;
  ge(value: V): Comparison;
  le(value: V): Comparison;
}

export type TextField<N extends string> = PresenceClauses<N> &
  EqualityClauses<string> &
  ComparisonClauses<string, TextOperator> &
  WildcardClauses;
export type OrderedField<N extends string, V> = PresenceClauses<N> &
  EqualityClauses<V> &
  ComparisonClauses<V, OrderOperator> &
  OrderClauses<V>;
export type ChoiceField<N extends string, V> = PresenceClauses<N> &
  EqualityClauses<V> &
  ComparisonClauses<V, 'eq' | 'ne'>;
export type OpaqueField<N extends string> = PresenceClauses<N> &
  EqualityClauses<Scalar> &
  ComparisonClauses<Scalar, ComparisonOperator> &
  WildcardClauses &
  OrderClauses<Scalar>;

/** The builder of field `N` with definition `D`. */
export type TypedField<N extends string, D> = {
  text: TextField<N>;
  number: OrderedField<N, number>;
  date: OrderedField<N, DateInput>;
  time: OrderedField<N, string>;
  boolean: ChoiceField<N, BooleanValue<D>>;
  picklist: ChoiceField<N, PicklistCode<D>>;
  presence: PresenceClauses<N>;
  opaque: OpaqueField<N>;
}[KindOf<D>];

/** The metadata fields every hit carries, searchable as text in any schema. */
export type MetadataField = (typeof HIT_METADATA_FIELDS)[number];

export type FieldNameOf<D extends SchemaDefinition> = Extract<keyof D, string>;

export interface TypedSchema<D extends SchemaDefinition> {
  readonly definition: D;
  /** The schema's name (`Customer`), when given: the checker's messages name it, as for the response. */
  readonly name?: string;
  /** The schema's field names, in property order (JavaScript lists integer-like names first). */
  readonly fieldNames: readonly FieldNameOf<D>[];
  /** The typed builder of one field; an unknown name does not compile (and throws `unknown-field`). */
  field<N extends FieldNameOf<D>>(name: N): TypedField<N, D[N]>;
  /** The metadata fields of every hit (`_schemaName`, `_dataSetName`, ...), as text fields. */
  field<N extends MetadataField>(name: N): TextField<N>;
}

// ------------------------------------------------------------------ run time

type Convert = (value: unknown) => Scalar;

function invalid(name: string, expected: string, value: unknown): never {
  throw new BuilderError(
    'invalid-value',
    `field '${name}' takes ${expected}, not ${describe(value)}`,
  );
}

function converter(name: string, kind: ValueKind, definition: FieldDefinition): Convert {
  switch (kind) {
    case 'text':
    case 'time':
      return (v) => (typeof v === 'string' ? v : invalid(name, 'a string', v));
    case 'number':
      return (v) => (typeof v === 'number' ? v : invalid(name, 'a number', v));
    case 'date':
      return (v) =>
        v instanceof Date || typeof v === 'string'
          ? dayText(v)
          : invalid(name, 'a Date or a YYYY-MM-DD date', v);
    case 'boolean': {
      // Split at the first slash, as `BooleanValue` does; without a slash any string is allowed.
      const pair = definition.allowedBooleanValues;
      const slash = typeof pair === 'string' ? pair.indexOf('/') : -1;
      const [yes, no] =
        slash < 0 ? ['true', 'false'] : [pair!.slice(0, slash), pair!.slice(slash + 1)];
      const open = typeof pair === 'string' && slash < 0;
      return (v) => {
        if (v === true) return yes;
        if (v === false) return no;
        return v === yes || v === no || (open && typeof v === 'string')
          ? v
          : invalid(name, `${yes} or ${no}`, v);
      };
    }
    case 'picklist': {
      const codes = definition.staticPicklist?.map((entry) => entry.code);
      return (v) =>
        typeof v === 'string' && (codes === undefined || codes.includes(v))
          ? v
          : invalid(name, codes ? `one of ${codes.join(', ')}` : 'a picklist code', v);
    }
    case 'presence':
    case 'opaque':
      return (v) =>
        typeof v === 'string' ||
        typeof v === 'number' ||
        typeof v === 'boolean' ||
        v instanceof Date
          ? v
          : invalid(name, 'a string, number or Date', v);
  }
}

const OPERATORS: { readonly [K in ValueKind]: readonly ComparisonOperator[] } = {
  text: ['eq', 'ne', 'contains', 'startswith', 'endswith'],
  number: ['eq', 'ne', 'gt', 'lt', 'ge', 'le'],
  date: ['eq', 'ne', 'gt', 'lt', 'ge', 'le'],
  time: ['eq', 'ne', 'gt', 'lt', 'ge', 'le'],
  boolean: ['eq', 'ne'],
  picklist: ['eq', 'ne'],
  presence: [],
  opaque: ['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'contains', 'startswith', 'endswith'],
};

const GROUPS: { readonly [K in ValueKind]: readonly ('equality' | 'wildcards' | 'order')[] } = {
  text: ['equality', 'wildcards'],
  number: ['equality', 'order'],
  date: ['equality', 'order'],
  time: ['equality', 'order'],
  boolean: ['equality'],
  picklist: ['equality'],
  presence: [],
  opaque: ['equality', 'wildcards', 'order'],
};

function text(name: string, v: unknown): string {
  return typeof v === 'string' ? v : invalid(name, 'a string', v);
}

/** Builds the run-time object behind `TypedField`: only the kind's methods, every value checked. */
function typedField(name: string, definition: FieldDefinition): object {
  const kind = valueKind(definition);
  const convert = converter(name, kind, definition);
  const operators = OPERATORS[kind];
  const bound = (v: unknown): Scalar | null | undefined =>
    v === null || v === undefined ? v : convert(v);
  const checkedCompare = (operator: ComparisonOperator, value: unknown): Comparison => {
    if (!operators.includes(checkOperator(operator))) {
      throw new BuilderError(
        'invalid-operator',
        `field '${name}' (${definition.dataType ?? 'string'}) takes ${operators.join(', ') || 'no comparison operators'}, not '${operator}'`,
      );
    }
    return f.compare(name, operator, convert(value));
  };
  const out: Record<string, unknown> = {
    name,
    exists: () => f.exists(name),
    missing: () => f.missing(name),
  };
  if (operators.length > 0) out.compare = checkedCompare;
  for (const group of GROUPS[kind]) {
    if (group === 'equality') {
      Object.assign(out, {
        equals: (v: unknown) => f.equals(name, convert(v)),
        anyOf: (values: readonly unknown[]) => {
          if (!Array.isArray(values)) invalid(name, 'an array of values in anyOf', values);
          return f.anyOf(name, values.map(convert));
        },
        eq: (v: unknown) => checkedCompare('eq', v),
        ne: (v: unknown) => checkedCompare('ne', v),
      });
    } else if (group === 'wildcards') {
      Object.assign(out, {
        startsWith: (v: unknown) => f.startsWith(name, text(name, v)),
        endsWith: (v: unknown) => f.endsWith(name, text(name, v)),
        contains: (v: unknown) => f.contains(name, text(name, v)),
      });
    } else {
      Object.assign(out, {
        between: (lower: unknown, upper: unknown, options?: f.BetweenOptions) =>
          f.between(name, bound(lower), bound(upper), options),
        range: (bounds: TypedRangeBounds<unknown>) =>
          f.range(name, {
            gt: bound(bounds.gt),
            gte: bound(bounds.gte),
            lt: bound(bounds.lt),
            lte: bound(bounds.lte),
          }),
        greaterThan: (v: unknown) => f.greaterThan(name, convert(v)),
        greaterOrEqual: (v: unknown) => f.greaterOrEqual(name, convert(v)),
        lessThan: (v: unknown) => f.lessThan(name, convert(v)),
        lessOrEqual: (v: unknown) => f.lessOrEqual(name, convert(v)),
        gt: (v: unknown) => checkedCompare('gt', v),
        lt: (v: unknown) => checkedCompare('lt', v),
        ge: (v: unknown) => checkedCompare('ge', v),
        le: (v: unknown) => checkedCompare('le', v),
      });
    }
  }
  return Object.freeze(out);
}

const METADATA: FieldDefinition = { dataType: 'string' };

/**
 * A schema-typed builder from field definitions keyed by name. Write the object
 * literal `as const` (or pass it directly) so data types, boolean pairs and picklist
 * codes keep their literal types.
 */
export function defineSchema<const D extends SchemaDefinition>(
  definition: D,
  options: { readonly name?: string } = {},
): TypedSchema<D> {
  if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) {
    throw new BuilderError(
      'invalid-value',
      `a schema definition is an object of field definitions keyed by field name, not ${describe(definition)}`,
    );
  }
  const names = Object.keys(definition) as FieldNameOf<D>[];
  for (const name of names) checkFieldName(name);
  const cache = new Map<string, object>();
  return Object.freeze({
    definition,
    ...(typeof options.name === 'string' ? { name: options.name } : {}),
    fieldNames: Object.freeze(names),
    field(name: string) {
      let built = cache.get(name);
      if (built === undefined) {
        const own = Object.hasOwn(definition, name)
          ? definition[name]
          : (HIT_METADATA_FIELDS as readonly string[]).includes(name)
            ? METADATA
            : undefined;
        if (own === undefined)
          throw new BuilderError('unknown-field', `the schema has no field ${describe(name)}`);
        built = typedField(name, own);
        cache.set(name, built);
      }
      return built;
    },
  }) as TypedSchema<D>;
}

/** A Get Schema response (or anything with a `fields` array of named definitions). */
export interface SchemaResponseLike {
  readonly fields: readonly (FieldDefinition & { readonly name: string })[];
}

/** The field definitions of a response, keyed by name. */
export type DefinitionOf<R extends SchemaResponseLike> = {
  readonly [F in R['fields'][number] as F['name']]: F;
};

/**
 * A schema-typed builder straight from a Get Schema response. The types are only as
 * precise as the response's type: a JSON import widens `dataType` to `string` (every
 * field then takes any clause); `mdq codegen` writes a module with the literal types.
 */
export function schemaFromResponse<const R extends SchemaResponseLike>(
  response: R,
): TypedSchema<DefinitionOf<R>> {
  if (typeof response !== 'object' || response === null || !Array.isArray(response.fields)) {
    throw new BuilderError('invalid-value', 'a Get Schema response has a fields array');
  }
  const seen = new Set<string>();
  for (const field of response.fields) {
    if (typeof field?.name !== 'string')
      throw new BuilderError(
        'invalid-field-name',
        `every field of a schema has a string name, not ${describe(field?.name)}`,
      );
    if (seen.has(field.name))
      throw new BuilderError(
        'invalid-field-name',
        `the schema defines the field ${describe(field.name)} twice`,
      );
    seen.add(field.name);
  }
  // fromEntries defines own properties, even for a field named `__proto__`.
  const definition = Object.fromEntries(response.fields.map((field) => [field.name, field]));
  const name = (response as { readonly name?: unknown }).name;
  return defineSchema(
    definition,
    typeof name === 'string' ? { name } : {},
  ) as unknown as TypedSchema<DefinitionOf<R>>;
}
