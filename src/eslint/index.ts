/**
 * `mdq/eslint`: a flat-config ESLint plugin whose rule `mdq/valid-query` checks queries in
 * code. Its default export is the plugin; `configs.recommended` turns the rule on:
 *
 *     import mdq from 'mdq/eslint';
 *     export default [mdq.configs.recommended];
 *     // or { plugins: { mdq }, rules: { 'mdq/valid-query': 'error' }, settings: { mdq: { config: 'mdq.config.json' } } }
 */
import type { ESLint, Linter } from 'eslint';
import { validQuery } from './rule.js';

const plugin: ESLint.Plugin & { configs: { recommended: Linter.Config } } = {
  meta: { name: 'mdq' },
  rules: { 'valid-query': validQuery },
  configs: { recommended: {} },
};
plugin.configs.recommended = {
  name: 'mdq/recommended',
  plugins: { mdq: plugin },
  rules: { 'mdq/valid-query': 'error' },
};

export default plugin;
export { validQuery };
