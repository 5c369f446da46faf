/**
 * `mdq/element`: `<mdq-search-box>` and `<mdq-results>`, framework-free custom
 * elements over `mdq/codemirror`. Importing the module defines both (where
 * `customElements` exists, and only once); `defineElements()` does it explicitly.
 */
import { MdqResults } from './results.js';
import { MdqSearchBox } from './search-box.js';
import type { MdqSearchEventMap } from './types.js';

export { MdqResults, PAGE_SIZES } from './results.js';
export { MdqSearchBox } from './search-box.js';
export { columnHeader } from './columns.js';
export { localStorageHistory, remember } from './history.js';
export { readUrlState, writeUrlState, type UrlState } from './url-state.js';
export type {
  ChangeDetail,
  DiagnosticsDetail,
  HistoryStorage,
  MdqSearchEventMap,
  SavedSearch,
  SearchBoxClient,
  SearchDetail,
  SearchScope,
} from './types.js';

/** Defines `<mdq-search-box>` and `<mdq-results>` unless something already did. */
export function defineElements(registry = globalThis.customElements): void {
  if (registry === undefined) return;
  if (registry.get('mdq-search-box') === undefined) registry.define('mdq-search-box', MdqSearchBox);
  if (registry.get('mdq-results') === undefined) registry.define('mdq-results', MdqResults);
}

defineElements();

declare global {
  interface HTMLElementEventMap extends MdqSearchEventMap {}
  interface HTMLElementTagNameMap {
    'mdq-search-box': MdqSearchBox;
    'mdq-results': MdqResults;
  }
}
