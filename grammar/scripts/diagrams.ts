/**
 * Regenerates grammar/diagrams/: railroad diagrams drawn from the parser itself
 * (chevrotain's `createSyntaxDiagramsCode`), readable offline because the scripts and
 * styles they load are copied next to the page instead of coming from a CDN.
 *
 *   npm run grammar:diagrams
 *
 * test/grammar/diagrams.test.ts fails when the committed files are stale.
 */
import { createSyntaxDiagramsCode, EmbeddedActionsParser, tokenMatcher } from 'chevrotain';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createQueryParser } from '../../src/language/parser.js';

export const DIAGRAMS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'diagrams');

/** chevrotain's diagram resources, relative to its `diagrams/` folder. */
export const RESOURCES = [
  'vendor/railroad-diagrams.js',
  'src/diagrams_builder.js',
  'src/diagrams_behavior.js',
  'src/main.js',
  'diagrams.css',
];

/** chevrotain's `diagrams/` folder in this repository's node_modules. */
export function chevrotainDiagramsDir(): string {
  return join(
    dirname(fileURLToPath(import.meta.url)),
    '..',
    '..',
    'node_modules',
    'chevrotain',
    'diagrams',
  );
}

/** The diagrams page for the current grammar. */
export function renderDiagrams(): string {
  // Recorded by chevrotain (mdq's recognizer runs on tables and records nothing).
  const productions = createQueryParser(false, {
    EmbeddedActionsParser,
    tokenMatcher,
  }).getSerializedGastProductions();
  return createSyntaxDiagramsCode(productions, {
    resourceBase: './',
    css: './diagrams.css',
  }).replace(
    '<meta charset="utf-8">',
    '<meta charset="utf-8">\n<title>mdq query grammar: railroad diagrams</title>\n<!-- From grammar/scripts/diagrams.ts (npm run grammar:diagrams); do not edit. -->',
  );
}

function main(): void {
  const source = chevrotainDiagramsDir();
  for (const resource of RESOURCES) {
    mkdirSync(dirname(join(DIAGRAMS_DIR, resource)), { recursive: true });
    copyFileSync(join(source, resource), join(DIAGRAMS_DIR, resource));
  }
  writeFileSync(join(DIAGRAMS_DIR, 'index.html'), renderDiagrams());
  process.stdout.write(`wrote ${join(DIAGRAMS_DIR, 'index.html')}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
