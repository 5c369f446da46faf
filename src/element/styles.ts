/**
 * The elements' shadow styles. Everything a host may want to change is a custom
 * property (`--mdq-*`, with light and dark defaults) or a `::part`. `theme="dark"`,
 * `theme="light"` or the default `auto` (the system's preference) picks the defaults.
 */
/** The colours of each scheme, written once: the light ones by default, the dark ones for `theme="dark"` and, under `auto`, a dark system. */
const light = `
  --mdq-bg: #fff;
  --mdq-fg: #1b1b1f;
  --mdq-muted: #55585f;
  --mdq-border: #8a8d93;
  --mdq-accent: #0b57d0;
  --mdq-accent-fg: #fff;
  --mdq-surface: #f3f4f6;
  --mdq-error: #b3261e;
  --mdq-warning: #8a5300;
  --mdq-mark: #ffe08a;
  --mdq-mark-fg: #1b1b1f;
  color-scheme: light;`;
const dark = `
  --mdq-bg: #1e1f22;
  --mdq-fg: #e6e6e9;
  --mdq-muted: #b4b7bd;
  --mdq-border: #8a8d93;
  --mdq-accent: #a8c7fa;
  --mdq-accent-fg: #0b1d3a;
  --mdq-surface: #2b2d31;
  --mdq-error: #ffb4ab;
  --mdq-warning: #ffcf8a;
  --mdq-mark: #6b5300;
  --mdq-mark-fg: #fff;
  color-scheme: dark;`;

export const tokens = `
:host {
  --mdq-font: system-ui, sans-serif;
  --mdq-code-font: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  --mdq-radius: 6px;${light}
  display: block;
  font-family: var(--mdq-font);
  color: var(--mdq-fg);
}
:host([hidden]) { display: none; }
:host([theme='dark']) {${dark}
}
@media (prefers-color-scheme: dark) {
  :host(:not([theme='light'])) {${dark}
  }
}
button, select {
  font: inherit;
  color: var(--mdq-fg);
  background: var(--mdq-surface);
  border: 1px solid var(--mdq-border);
  border-radius: var(--mdq-radius);
  padding: 0.25em 0.7em;
}
button:hover { border-color: var(--mdq-accent); }
:focus-visible { outline: 2px solid var(--mdq-accent); outline-offset: 2px; }
[hidden] { display: none !important; }
.visually-hidden {
  position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap;
}
`;

export const searchBoxStyles = `${tokens}
[part='scope'] { display: flex; flex-wrap: wrap; gap: 0.5em 1em; margin-bottom: 0.5em; }
[part='scope'] label { display: flex; flex-direction: column; font-size: 0.85em; color: var(--mdq-muted); gap: 0.2em; }
[part='scope'] select { min-width: 10em; max-width: 100%; }
[part='field'] { display: flex; gap: 0.5em; align-items: flex-start; }
[part='editor'] {
  flex: 1; min-width: 0;
  border: 1px solid var(--mdq-border); border-radius: var(--mdq-radius);
  background: var(--mdq-bg);
}
[part='editor']:focus-within { border-color: var(--mdq-accent); box-shadow: 0 0 0 1px var(--mdq-accent); }
[part='search-button'] { background: var(--mdq-accent); color: var(--mdq-accent-fg); border-color: var(--mdq-accent); }
[part='status'] { margin: 0.3em 0 0; font-size: 0.85em; color: var(--mdq-muted); min-height: 1.2em; }
[part='problems'] { margin-top: 0.5em; font-size: 0.9em; }
[part='problems-heading'] { display: flex; gap: 1em; align-items: center; font-weight: 600; }
[part='problem-list'] { list-style: none; margin: 0.3em 0 0; padding: 0; }
[part~='problem'] { padding: 0.3em 0; border-top: 1px solid var(--mdq-surface); }
[part~='problem-error'] [part='severity'] { color: var(--mdq-error); font-weight: 600; }
[part~='problem-warning'] [part='severity'] { color: var(--mdq-warning); font-weight: 600; }
[part~='fix'] { font-size: 0.9em; margin: 0.2em 0.3em 0 0; }
[part~='fix-unsafe'] { border-style: dashed; }
[part='hint'] { font-size: 0.8em; color: var(--mdq-muted); margin: 0.3em 0 0; }
kbd { font-family: var(--mdq-code-font); font-size: 0.9em; }
`;

export const resultsStyles = `${tokens}
[part='status'] { margin: 0 0 0.5em; }
[part='status'][data-state='error'] { color: var(--mdq-error); }
[part='reason'] { margin: 0 0 0.5em; color: var(--mdq-warning); }
[part='table-wrap'] { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; width: 100%; font-size: 0.9em; }
th, td { text-align: left; padding: 0.3em 0.6em; border-bottom: 1px solid var(--mdq-surface); vertical-align: top; }
th { background: var(--mdq-surface); white-space: nowrap; }
mark { background: var(--mdq-mark); color: var(--mdq-mark-fg); }
[part='pager'] { display: flex; flex-wrap: wrap; gap: 0.5em 1em; align-items: center; margin-top: 0.5em; }
[part='pager'] label { display: flex; gap: 0.4em; align-items: center; }
button:disabled { opacity: 0.6; cursor: default; }
`;
