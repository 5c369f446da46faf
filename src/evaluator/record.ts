/**
 * Reading field values out of a record as a search hit returns it: one property per
 * field keyed by the exact name (names hold spaces, and may hold dots), nested objects
 * for dotted names, arrays for multivalue fields. Only own properties count, so a field
 * named `constructor` or `__proto__` reads the record, never its prototype.
 */
import { HIT_METADATA_FIELDS } from '../schema/response.js';

/** A data object as a search hit returns it. */
export type DataRecord = { readonly [field: string]: unknown };

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Properties that describe the hit rather than the data: full-text terms do not search
 * them (a field query such as `_schemaName:Customer` does).
 */
export const METADATA_PROPERTIES: ReadonlySet<string> = /* @__PURE__ */ new Set<string>([
  ...HIT_METADATA_FIELDS,
  '_version',
  '_errors',
]);

/** Reads the value of `name` from a record; undefined when there is none. */
export type FieldReader = (record: DataRecord) => unknown;

/**
 * A reader for one field name. The exact property wins; otherwise a dotted name walks
 * nested objects (`address.city`), trying the longest property name first at each level
 * (`Home Location.lat` in `{ 'Home Location': { lat } }`), and an array on the way yields
 * the values of all its elements.
 */
export function fieldReader(name: string): FieldReader {
  if (!name.includes('.')) {
    const read: FieldReader = (record) => (hasOwn.call(record, name) ? record[name] : undefined);
    ownReaders.set(read, name);
    return read;
  }
  return (record) => {
    if (hasOwn.call(record, name)) return record[name];
    // A getter may read another record meanwhile: keep the outer read's visits.
    const outer = visits;
    visits = undefined;
    try {
      return readPath(record, name, 0);
    } finally {
      visits = outer;
    }
  };
}

/** The readers that read one own property (`hasOwn.call(record, name) ? record[name] : undefined`), by the property's name: a loop may write the read out in place (compile.ts). */
const ownReaders = /* @__PURE__ */ new WeakMap<FieldReader, string>();

/** The name of the own property `read` reads when it is `fieldReader(name)` for a name without dots (it reads that, nothing more); else undefined. */
export function ownPropertyRead(read: FieldReader): string | undefined {
  return ownReaders.get(read);
}

const MAX_PATH_DEPTH = 32;

/**
 * A multivalue field's list: an array, or a typed array (`Uint8Array`, `Float64Array`,
 * ...: its numbers are the values, as an array's would be; a `DataView` is no list).
 */
export function isList(value: unknown): value is ArrayLike<unknown> {
  return Array.isArray(value) || value instanceof TypedArray;
}

/** The prototype of every typed array class (`Uint8Array`, ...), which the language does not name. */
const TypedArray = /* @__PURE__ */ Object.getPrototypeOf(
  Int8Array,
) as abstract new () => ArrayLike<unknown>;

/**
 * A boxed primitive (`new String('x')`, `new Number(5)`, `new Boolean(true)`) as its
 * primitive, as JSON writes it; anything else as it is. Read as an object, a boxed
 * string was searched as its characters (`b` found `new String('berlin')` as `x.0`) and
 * matched no field query.
 */
export function unboxed(value: unknown): unknown {
  return value instanceof String || value instanceof Number || value instanceof Boolean
    ? value.valueOf()
    : value;
}

/** Holes in a row that make a walk by position give way to the list's own indices. */
const HOLES_BEFORE_KEYS = 64;

/**
 * Calls `visit(element, position)` for each element of `list` in order, holes skipped
 * (as `forEach` skips them), until it returns true; true then. A sparse array
 * (`a[1e9] = x`) is walked by its own indices, not position by position: once the holes
 * met outnumber both HOLES_BEFORE_KEYS and half the positions walked, the rest is read
 * from `Object.keys`, which lists an array's present indices in order. So a walk costs
 * what the list holds, never its length.
 */
export function someElement(
  list: ArrayLike<unknown>,
  visit: (element: unknown, position: number) => boolean,
): boolean {
  const n = list.length;
  let holes = 0;
  for (let i = 0; i < n; i++) {
    const v = list[i];
    if (v === undefined && !(i in list)) {
      if (++holes > HOLES_BEFORE_KEYS && holes > i >> 1) return somePresent(list, i + 1, visit);
      continue;
    }
    if (visit(v, i)) return true;
  }
  return false;
}

/**
 * Lists at most this long are walked by position, holes and all (the plain loop is what
 * the hot walks cost; a closure per list made cold full-text queries 70% slower); longer
 * ones through `presentElements`, which costs what they hold.
 */
export const SHORT_LIST = 256;

/** The elements `list` holds and their positions, in order (someElement: holes cost nothing). */
export function presentElements(list: ArrayLike<unknown>): {
  readonly values: readonly unknown[];
  readonly positions: readonly number[];
} {
  const values: unknown[] = [];
  const positions: number[] = [];
  someElement(list, (v, i) => {
    values.push(v);
    positions.push(i);
    return false;
  });
  return { values, positions };
}

/** The elements of a sparse `list` at or after `from`, by its own indices. */
function somePresent(
  list: ArrayLike<unknown>,
  from: number,
  visit: (element: unknown, position: number) => boolean,
): boolean {
  const n = list.length;
  for (const key of Object.keys(list)) {
    const i = Number(key);
    // Named properties of an array are no elements; an index is written in canonical form.
    if (!(i >= from && i < n) || String(i) !== key) continue;
    if (visit(list[i], i)) return true;
  }
  return false;
}

/**
 * The containers the current read has entered, with the rest of the path and the least
 * depth: entering one again with that path (a cycle, a shared object, an object with
 * both `a` and `a.b` leading back to it) finds nothing new, so a read costs the size of
 * the object graph times the path's dots, not the number of its paths (2^32 for an
 * array holding itself twice). Kept from two levels down: a record and its own values
 * are entered once per read anyway, and a plain nested read allocates nothing.
 */
let visits: Map<object, Map<string, number>> | undefined;

/** True when `container` was entered already with `path` at `depth` or less deep; else notes the visit. */
function visited(container: object, path: string, depth: number): boolean {
  if (depth < 2) return false;
  visits ??= new Map();
  let paths = visits.get(container);
  if (paths === undefined) visits.set(container, (paths = new Map()));
  const before = paths.get(path);
  if (before !== undefined && before <= depth) return true;
  paths.set(path, depth);
  return false;
}

function readPath(value: unknown, path: string, depth: number): unknown {
  if (
    value === null ||
    typeof value !== 'object' ||
    depth > MAX_PATH_DEPTH ||
    unboxed(value) !== value ||
    visited(value, path, depth)
  )
    return undefined;
  if (isList(value)) {
    const out: unknown[] = [];
    someElement(value, (element) => {
      const v = readPath(element, path, depth + 1);
      if (v !== undefined) out.push(v);
      return false;
    });
    return out.length === 0 ? undefined : out;
  }
  const object = value as Record<string, unknown>;
  if (hasOwn.call(object, path)) return object[path];
  // The longest prefix that names a property, then the rest below it.
  if (fewDots(path)) {
    for (let dot = path.lastIndexOf('.'); dot > 0; dot = path.lastIndexOf('.', dot - 1)) {
      const head = path.slice(0, dot);
      if (hasOwn.call(object, head)) {
        const v = readPath(object[head], path.slice(dot + 1), depth + 1);
        if (v !== undefined) return v;
      }
    }
    return undefined;
  }
  // Many dots (`a.a.a…`, thousands): hashing every prefix would cost the path's length each, so the object's own names are matched instead.
  const heads: string[] = [];
  for (const key in object)
    if (
      hasOwn.call(object, key) &&
      key.length > 0 &&
      path.charCodeAt(key.length) === 46 &&
      path.startsWith(key)
    )
      heads.push(key);
  heads.sort((a, b) => b.length - a.length);
  for (const head of heads) {
    const v = readPath(object[head], path.slice(head.length + 1), depth + 1);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** True when `path` has at most 16 dots. */
function fewDots(path: string): boolean {
  let dots = 0;
  for (let at = path.indexOf('.'); at >= 0; at = path.indexOf('.', at + 1))
    if (++dots > 16) return false;
  return true;
}

/**
 * Calls `leaf(value, index)` for every value of a field: the value itself, or each
 * element of an array (nested arrays flattened, `index` counting leaves), skipping null
 * and undefined. Returns true as soon as `leaf` does.
 */
export function someValue(
  value: unknown,
  leaf: (value: unknown, index: number | undefined) => boolean,
): boolean {
  if (value === undefined || value === null) return false;
  if (!isList(value)) return leaf(typeof value === 'object' ? unboxed(value) : value, undefined);
  // Counts leaves; a null, an undefined and a hole take an index each, as they always have.
  let index = 0;
  // Arrays entered, made at the first nested one: an array met again (a cycle, or one array twice) is walked once.
  let seen: Set<unknown> | undefined;
  const walk = (list: ArrayLike<unknown>, depth: number): boolean => {
    const long = list.length > SHORT_LIST ? presentElements(list) : undefined;
    const values = long?.values ?? list;
    let next = 0;
    for (let k = 0; k < values.length; k++) {
      const v = values[k];
      if (long !== undefined) {
        index += long.positions[k]! - next; // the holes skipped
        next = long.positions[k]! + 1;
      }
      if (isList(v)) {
        seen ??= new Set([value]);
        if (depth < MAX_PATH_DEPTH && !seen.has(v) && (seen.add(v), walk(v, depth + 1)))
          return true;
      } else if (v !== undefined && v !== null) {
        if (leaf(typeof v === 'object' ? unboxed(v) : v, index++)) return true;
      } else {
        index++;
      }
    }
    if (long !== undefined) index += list.length - next;
    return false;
  };
  return walk(value, 0);
}

/** True when a value is present: not missing, not null, not an empty string, not an array without such a value. */
export function isPresent(value: unknown): boolean {
  if (typeof value === 'object') value = unboxed(value);
  if (value === undefined || value === null || value === '') return false;
  if (isList(value)) return someValue(value, isPresent);
  return true;
}

/** The text of a leaf value as full-text search sees it; null for values without text (objects). */
export function textOf(value: unknown): string | null {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
      return unboxed(value) === value ? null : textOf(unboxed(value));
    default:
      return null;
  }
}
