/**
 * The lodash-es functions chevrotain 11 imports, for the vendored build (vendor.ts): each as
 * lodash defines it for the arguments chevrotain passes (arrays, plain objects, strings, a
 * function or no iteratee), in a few lines instead of lodash's shared machinery (iteratee
 * shorthands, deep equality, cloning of every built-in type): a fifth of the vendored bundle.
 * An iteratee that is neither a function nor absent (a lodash shorthand) throws, so a use this
 * file does not cover fails loudly in test/language/vendored-chevrotain.isolated.test.ts,
 * which holds the vendored parser to the real one.
 */
const own = (object, key) => object != null && Object.hasOwn(object, key);
const isArrayLike = (value) =>
  value != null &&
  typeof value !== 'function' &&
  Number.isSafeInteger(value.length) &&
  value.length >= 0;

function iteratee(fn) {
  if (fn === undefined) return identity;
  if (typeof fn !== 'function') throw new TypeError('vendored lodash: only function iteratees');
  return fn;
}

/** [value, key] pairs as lodash's baseEach visits them: indexes of array-likes, else own enumerable keys. */
function entriesOf(collection) {
  if (collection == null) return [];
  if (isArrayLike(collection))
    return Array.from({ length: collection.length }, (_, i) => [collection[i], i]);
  return Object.keys(Object(collection)).map((key) => [collection[key], key]);
}

export function identity(value) {
  return value;
}
export function noop() {}
export const isArray = Array.isArray;
export const isFunction = (value) => typeof value === 'function';
export const isString = (value) => typeof value === 'string';
export const isUndefined = (value) => value === undefined;
export const isRegExp = (value) => value instanceof RegExp;
export const isObject = (value) =>
  value != null && (typeof value === 'object' || typeof value === 'function');
export const has = (object, key) => own(object, key);
export const keys = (object) => entriesOf(object).map(([, key]) => String(key));
export const values = (object) => entriesOf(object).map(([value]) => value);
export const first = (array) => (array?.length ? array[0] : undefined);
export const last = (array) => (array?.length ? array[array.length - 1] : undefined);
export const compact = (array) =>
  array == null ? [] : Array.prototype.filter.call(array, Boolean);
export const flatten = (array) =>
  array == null
    ? []
    : [].concat(...Array.prototype.map.call(array, (v) => (Array.isArray(v) ? v : [v])));
export const uniq = (array) => (array == null ? [] : [...new Set(array)]);
export const drop = (array, n = 1) =>
  array == null ? [] : Array.prototype.slice.call(array, Math.max(0, n));
export const dropRight = (array, n = 1) =>
  array == null ? [] : Array.prototype.slice.call(array, 0, Math.max(0, array.length - n));
export const difference = (array, ...others) => {
  if (!isArrayLike(array)) return [];
  const excluded = others.flat();
  return Array.prototype.filter.call(array, (v) => !excluded.includes(v));
};
export const upperFirst = (text) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : '');

export function forEach(collection, fn) {
  for (const [value, key] of entriesOf(collection)) if (fn(value, key, collection) === false) break;
  return collection;
}
export const map = (collection, fn) => {
  const f = iteratee(fn);
  return entriesOf(collection).map(([value, key]) => f(value, key, collection));
};
export const flatMap = (collection, fn) => flatten(map(collection, fn));
export const filter = (collection, fn) => {
  const f = iteratee(fn);
  return entriesOf(collection)
    .filter(([value, key]) => f(value, key, collection))
    .map(([value]) => value);
};
export const reject = (collection, fn) => {
  const f = iteratee(fn);
  return filter(collection, (value, key, c) => !f(value, key, c));
};
export const find = (collection, fn) => {
  const f = iteratee(fn);
  const hit = entriesOf(collection).find(([value, key]) => f(value, key, collection));
  return hit === undefined ? undefined : hit[0];
};
export const some = (collection, fn) => {
  const f = iteratee(fn);
  return entriesOf(collection).some(([value, key]) => f(value, key, collection));
};
export const every = (collection, fn) => {
  const f = iteratee(fn);
  return entriesOf(collection).every(([value, key]) => f(value, key, collection));
};
export function reduce(collection, fn, ...start) {
  const entries = entriesOf(collection);
  let i = 0;
  let acc = start.length > 0 ? start[0] : entries.length > 0 ? entries[i++][0] : undefined;
  for (; i < entries.length; i++) acc = fn(acc, entries[i][0], entries[i][1], collection);
  return acc;
}
export const groupBy = (collection, fn) => {
  const f = iteratee(fn);
  const groups = {};
  for (const [value] of entriesOf(collection)) {
    const key = f(value);
    if (own(groups, key)) groups[key].push(value);
    else
      Object.defineProperty(groups, key, {
        value: [value],
        writable: true,
        enumerable: true,
        configurable: true,
      });
  }
  return groups;
};
export const pickBy = (object, fn) => {
  const f = iteratee(fn);
  const picked = {};
  if (object == null) return picked;
  for (const key in object) if (f(object[key], key)) picked[key] = object[key];
  return picked;
};
export const includes = (collection, value) =>
  typeof collection === 'string' ? collection.includes(value) : values(collection).includes(value);
export const indexOf = (array, value) => {
  if (array == null) return -1;
  for (let i = 0; i < array.length; i++)
    if (array[i] === value || (value !== value && array[i] !== array[i])) return i;
  return -1;
};
export function isEmpty(value) {
  if (value == null) return true;
  if (isArrayLike(value)) return value.length === 0;
  if (value instanceof Map || value instanceof Set) return value.size === 0;
  for (const key in value) if (own(value, key)) return false;
  return true;
}
export const assign = Object.assign;
export function defaults(object, ...sources) {
  const target = Object(object);
  for (const source of sources) {
    if (source == null) continue;
    for (const key in source) {
      const current = target[key];
      if (current === undefined || (current === Object.prototype[key] && !own(target, key)))
        target[key] = source[key];
    }
  }
  return target;
}
export function clone(value) {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice();
  return Object.assign(Object.create(Object.getPrototypeOf(value)), value);
}
