export { complete } from './complete.js';
export { hover } from './hover.js';
export { highlight, highlightGlue, highlightSegments } from './highlight.js';
export {
  completeWithValues,
  debounceValues,
  mergeValueSuggestions,
  wantsValues,
} from './value-provider.js';
export { searchedValues, type ValueSearch } from './searched-values.js';
export * from './adapters/index.js';
export type * from './types.js';
