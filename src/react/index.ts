/**
 * `mdq/react`: `<MdqSearchBox />`, a thin React wrapper over `<mdq-search-box>`
 * (`mdq/element`). Props go to the element's properties and attributes, its events
 * come back as callbacks; the ref is the element itself. Controlled (`value` with
 * `onChange`: the element shows `value` whenever it changes) or uncontrolled
 * (`defaultValue`, read the text from `onSearch`). React 18 and 19 (the wrapper sets
 * properties and listens itself, so it needs neither's custom-element support).
 */
import {
  type CSSProperties,
  createElement,
  type ForwardedRef,
  forwardRef,
  type ForwardRefExoticComponent,
  type RefAttributes,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
} from 'react';
import {
  type ChangeDetail,
  type DiagnosticsDetail,
  defineElements,
  type HistoryStorage,
  type MdqSearchBox as MdqSearchBoxElement,
  type SavedSearch,
  type SearchBoxClient,
  type SearchDetail,
  type SearchScope,
} from 'mdq/element';
import type { SchemaInput } from 'mdq';

export type { MdqSearchBoxElement };

export interface MdqSearchBoxProps {
  /** Controlled text: the box shows it whenever it changes (pair it with `onChange`). */
  readonly value?: string;
  /** Uncontrolled: the text the box starts with. */
  readonly defaultValue?: string;
  readonly schemas?: SchemaInput;
  readonly client?: SearchBoxClient;
  /** Controlled scope (names); pair with `onChange`, whose detail carries the scope. */
  readonly scope?: SearchScope;
  readonly savedSearches?: readonly SavedSearch[];
  readonly historyStorage?: HistoryStorage;
  readonly historyKey?: string;
  readonly mode?: 'single-line' | 'multi-line';
  readonly placeholder?: string;
  readonly label?: string;
  readonly theme?: 'light' | 'dark' | 'auto';
  readonly scopePickers?: boolean;
  readonly syncUrl?: boolean;
  /** Search as the user types (after a pause), not only on Enter. */
  readonly live?: boolean;
  readonly onChange?: (text: string, detail: ChangeDetail) => void;
  readonly onSearch?: (detail: SearchDetail) => void;
  readonly onDiagnostics?: (detail: DiagnosticsDetail) => void;
  readonly id?: string;
  readonly className?: string;
  readonly style?: CSSProperties;
}

const STRING_ATTRIBUTES = {
  mode: 'mode',
  placeholder: 'placeholder',
  label: 'label',
  theme: 'theme',
  historyKey: 'history-key',
} as const;
const BOOLEAN_ATTRIBUTES = {
  scopePickers: 'scope-pickers',
  syncUrl: 'sync-url',
  live: 'live',
} as const;

defineElements();

function SearchBox(props: MdqSearchBoxProps, ref: ForwardedRef<MdqSearchBoxElement>) {
  const element = useRef<MdqSearchBoxElement>(null);
  useImperativeHandle(ref, () => element.current!, []);
  const latest = useRef(props);
  latest.current = props;

  // Attributes first (mode, sync-url...), so the element starts as asked.
  useLayoutEffect(() => {
    const el = element.current!;
    for (const [prop, attribute] of Object.entries(STRING_ATTRIBUTES)) {
      const value = props[prop as keyof typeof STRING_ATTRIBUTES];
      if (value === undefined) el.removeAttribute(attribute);
      else if (el.getAttribute(attribute) !== value) el.setAttribute(attribute, value);
    }
    for (const [prop, attribute] of Object.entries(BOOLEAN_ATTRIBUTES))
      el.toggleAttribute(attribute, props[prop as keyof typeof BOOLEAN_ATTRIBUTES] === true);
  });

  useLayoutEffect(() => {
    const el = element.current!;
    if (props.historyStorage !== undefined) el.historyStorage = props.historyStorage;
    if (props.savedSearches !== undefined) el.savedSearches = props.savedSearches;
    if (props.schemas !== el.schemas) el.schemas = props.schemas;
    if (props.client !== undefined && props.client !== el.client) el.client = props.client;
  }, [props.historyStorage, props.savedSearches, props.schemas, props.client]);

  useLayoutEffect(() => {
    if (props.scope !== undefined) element.current!.scope = props.scope;
  }, [props.scope]);

  // Uncontrolled: the starting text, once (later changes of defaultValue are ignored, as React's inputs ignore them).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only, by design
  useLayoutEffect(() => {
    const el = element.current!;
    if (props.value === undefined && props.defaultValue !== undefined)
      el.value = props.defaultValue;
  }, []);

  // Controlled: the element shows `value` whenever the prop changes. As with React's own inputs,
  // a value the parent sets is no change to report: onChange is for what the user does.
  const applying = useRef(false);
  useLayoutEffect(() => {
    if (props.value === undefined) return;
    applying.current = true;
    try {
      element.current!.value = props.value;
    } finally {
      applying.current = false;
    }
  }, [props.value]);

  useEffect(() => {
    const el = element.current!;
    const change = (e: Event) => {
      if (applying.current) return;
      const detail = (e as CustomEvent<ChangeDetail>).detail;
      latest.current.onChange?.(detail.text, detail);
    };
    const search = (e: Event) => latest.current.onSearch?.((e as CustomEvent<SearchDetail>).detail);
    const diagnostics = (e: Event) =>
      latest.current.onDiagnostics?.((e as CustomEvent<DiagnosticsDetail>).detail);
    el.addEventListener('mdq-change', change);
    el.addEventListener('mdq-search', search);
    el.addEventListener('mdq-diagnostics', diagnostics);
    return () => {
      el.removeEventListener('mdq-change', change);
      el.removeEventListener('mdq-search', search);
      el.removeEventListener('mdq-diagnostics', diagnostics);
    };
  }, []);

  return createElement('mdq-search-box', {
    ref: element,
    ...(props.id === undefined ? {} : { id: props.id }),
    ...(props.className === undefined ? {} : { className: props.className }),
    ...(props.style === undefined ? {} : { style: props.style }),
  });
}

/** `<mdq-search-box>` for React. The ref is the element (its `search()`, `applySafeFixes()`, `focus()`...). */
export const MdqSearchBox: ForwardRefExoticComponent<
  MdqSearchBoxProps & RefAttributes<MdqSearchBoxElement>
> = forwardRef(SearchBox);
