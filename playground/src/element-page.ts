/** The element's own page (the browser suite's): the box and the results on the example tenant, nothing else. */
import { defineElements, type MdqResults, type MdqSearchBox, type SearchDetail } from 'mdq/element';
import { connect } from './connect.js';

defineElements();
const box = document.getElementById('box') as MdqSearchBox;
const results = document.getElementById('results') as MdqResults;
const client = connect();
box.client = client;
results.client = client;
box.savedSearches = [
  { name: 'Adults in Berlin', query: 'City:Berlin AND [Age] ge 18' },
  { name: 'Active customers', query: '[Status] eq "ACT"' },
];
/** What the box emitted, for the tests to read. */
const searches: SearchDetail[] = [];
(window as unknown as { searches: SearchDetail[] }).searches = searches;
box.addEventListener('mdq-search', (e) => searches.push(e.detail));
box.addEventListener('mdq-ready', () => {
  document.body.dataset.ready = 'true';
});
