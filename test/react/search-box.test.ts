// @vitest-environment happy-dom
/**
 * `mdq/react` with React's own testing tool (`act`) in a DOM (happy-dom): props reach
 * the element, its events reach the callbacks, controlled and uncontrolled text, and the
 * ref is the element. The browser suite renders it once more in Chromium.
 */
import { act, createElement, createRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SearchDetail } from '../../src/element/index.js';
import { exampleSchemas } from '../../src/examples/index.js';
import { MdqSearchBox, type MdqSearchBoxElement } from '../../src/react/index.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const noHistory = { load: () => [], save: () => {} };
let container: HTMLElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  for (const box of document.querySelectorAll('mdq-search-box')) box.view?.destroy();
  act(() => root.unmount());
  document.body.replaceChildren();
});

const element = () => container.querySelector('mdq-search-box')!;

/** A parent that holds the text and upper-cases what the user types; `setText` sets it from outside. */
function controlledParent(seen: string[]) {
  const handle = {
    setText: (_text: string) => {},
    Parent() {
      const [text, set] = useState('Age:40');
      handle.setText = set;
      return createElement(MdqSearchBox, {
        value: text,
        onChange: (next: string) => {
          seen.push(next);
          set(next.toUpperCase());
        },
        historyStorage: noHistory,
      });
    },
  };
  return handle;
}

describe('<MdqSearchBox />', () => {
  it('renders the element with its props as attributes and properties; the ref is the element', () => {
    const ref = createRef<MdqSearchBoxElement>();
    act(() =>
      root.render(
        createElement(MdqSearchBox, {
          ref,
          id: 'q',
          className: 'search',
          defaultValue: 'City:Berlin',
          schemas: exampleSchemas,
          historyStorage: noHistory,
          placeholder: 'Find customers',
          syncUrl: false,
          scopePickers: true,
          mode: 'multi-line',
        }),
      ),
    );
    const el = element();
    expect(ref.current).toBe(el);
    expect(el.id).toBe('q');
    expect(el.className).toBe('search');
    expect(el.getAttribute('placeholder')).toBe('Find customers');
    expect(el.hasAttribute('scope-pickers')).toBe(true);
    expect(el.hasAttribute('sync-url')).toBe(false);
    expect(el.mode).toBe('multi-line');
    expect(el.schemas).toBe(exampleSchemas);
    expect(el.value).toBe('City:Berlin');
  });

  it('uncontrolled: reports changes, searches and diagnostics through its callbacks', () => {
    const changes: string[] = [];
    const searches: SearchDetail[] = [];
    const codes: string[][] = [];
    act(() =>
      root.render(
        createElement(MdqSearchBox, {
          schemas: exampleSchemas,
          historyStorage: noHistory,
          onChange: (text) => changes.push(text),
          onSearch: (detail) => searches.push(detail),
          onDiagnostics: (detail) => codes.push(detail.diagnostics.map((d) => d.code)),
        }),
      ),
    );
    act(() => {
      element().value = '[Fist Name] eq "Tim"';
    });
    act(() => element().search());
    expect(changes).toEqual(['[Fist Name] eq "Tim"']);
    expect(searches.map((s) => s.text)).toEqual(['[Fist Name] eq "Tim"']);
    expect(codes.at(-1)).toEqual(['unknown-field']);
  });

  it('controlled: shows the value the parent holds, and follows it when it changes', () => {
    const seen: string[] = [];
    const parent = controlledParent(seen);
    act(() => root.render(createElement(parent.Parent)));
    expect(element().value).toBe('Age:40');
    act(() => parent.setText('City:Paris'));
    expect(element().value).toBe('City:Paris');
    // The parent rewrites what is typed; the box shows the parent's text.
    act(() => {
      element().value = 'city:rome';
    });
    expect(seen).toContain('city:rome');
    expect(element().value).toBe('CITY:ROME');
  });
});
