/**
 * What a field's `dataType` means for searching. The service documents only some
 * `dataType` strings, so classification is by normalised name and anything
 * unrecognised is `opaque`: it gets no type rules at all, rather than wrong ones.
 */

export type FieldKind =
  | 'text'
  | 'integer'
  | 'decimal'
  | 'date'
  | 'datetime'
  | 'time'
  | 'boolean'
  | 'picklist'
  | 'image'
  | 'opaque';

export interface FieldKindTraits {
  /** Ranges and `gt`/`lt`/`ge`/`le` have a meaning. */
  readonly ordered: boolean;
  /** Substring operators, wildcards, regex, fuzzy and proximity have a meaning. */
  readonly textual: boolean;
  /** The service can search the field's values at all. */
  readonly searchable: boolean;
  /** Type rules apply (false for `opaque`: we do not know what the values are). */
  readonly known: boolean;
}

export const FIELD_KIND_TRAITS: { readonly [K in FieldKind]: FieldKindTraits } = {
  text: { ordered: false, textual: true, searchable: true, known: true },
  integer: { ordered: true, textual: false, searchable: true, known: true },
  decimal: { ordered: true, textual: false, searchable: true, known: true },
  date: { ordered: true, textual: false, searchable: true, known: true },
  datetime: { ordered: true, textual: false, searchable: true, known: true },
  time: { ordered: true, textual: false, searchable: true, known: true },
  boolean: { ordered: false, textual: false, searchable: true, known: true },
  picklist: { ordered: false, textual: false, searchable: true, known: true },
  image: { ordered: false, textual: false, searchable: false, known: true },
  opaque: { ordered: true, textual: true, searchable: true, known: false },
};

/*
 * The traits as predicates, for the checker's hot paths: a table keyed by the kind
 * makes every lookup a megamorphic keyed load, while these compare interned strings.
 * A test holds them equal to FIELD_KIND_TRAITS for every kind.
 */

/** FIELD_KIND_TRAITS[kind].ordered */
export function isOrdered(kind: FieldKind): boolean {
  return (
    kind === 'integer' ||
    kind === 'decimal' ||
    kind === 'date' ||
    kind === 'datetime' ||
    kind === 'time' ||
    kind === 'opaque'
  );
}

/** FIELD_KIND_TRAITS[kind].textual */
export function isTextual(kind: FieldKind): boolean {
  return kind === 'text' || kind === 'opaque';
}

/** FIELD_KIND_TRAITS[kind].known */
export function isKnown(kind: FieldKind): boolean {
  return kind !== 'opaque';
}

const BY_NAME: Readonly<Record<string, FieldKind>> = {
  string: 'text',
  text: 'text',
  email: 'text',
  phone: 'text',
  url: 'text',
  integer: 'integer',
  int: 'integer',
  long: 'integer',
  number: 'decimal',
  float: 'decimal',
  double: 'decimal',
  decimal: 'decimal',
  currency: 'decimal',
  date: 'date',
  datetime: 'datetime',
  timestamp: 'datetime',
  time: 'time',
  boolean: 'boolean',
  bool: 'boolean',
  picklist: 'picklist',
  image: 'image',
};

/** The kind of a `dataType` string: case, spaces, `_` and `-` are ignored; unknown names are `opaque`. */
export function fieldKind(dataType: unknown): FieldKind {
  if (typeof dataType !== 'string') return 'opaque';
  const key = dataType.toLowerCase().replace(/[\s_-]+/g, '');
  const known = BY_NAME[key];
  if (known) return known;
  // "date day/month/year" and similar variants name a date with a given precision.
  if (key.startsWith('datetime')) return 'datetime';
  if (key.startsWith('date')) return 'date';
  return 'opaque';
}
