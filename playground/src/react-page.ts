/** `<MdqSearchBox />` from mdq/react in a React page, controlled, with the example schemas: the browser suite's React check. */
import { exampleSchemas } from 'mdq/examples';
import { MdqSearchBox } from 'mdq/react';
import { createElement, Fragment, useState } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  const [text, setText] = useState('City:Berlin');
  const [searched, setSearched] = useState('');
  const [problems, setProblems] = useState(0);
  return createElement(
    Fragment,
    null,
    createElement('h1', null, 'MdqSearchBox in React'),
    createElement(MdqSearchBox, {
      value: text,
      onChange: setText,
      onSearch: (detail) => setSearched(detail.text),
      onDiagnostics: (detail) => setProblems(detail.diagnostics.length),
      schemas: exampleSchemas,
      label: 'Search customers',
      historyStorage: { load: () => [], save: () => {} },
    }),
    createElement('p', null, 'Text: ', createElement('output', { id: 'text' }, text)),
    createElement('p', null, 'Searched: ', createElement('output', { id: 'searched' }, searched)),
    createElement('p', null, 'Problems: ', createElement('output', { id: 'problems' }, problems)),
  );
}

createRoot(document.getElementById('root')!).render(createElement(App));
document.body.dataset.ready = 'true';
