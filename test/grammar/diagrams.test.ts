import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DIAGRAMS_DIR,
  RESOURCES,
  chevrotainDiagramsDir,
  renderDiagrams,
} from '../../grammar/scripts/diagrams.js';

describe('grammar/diagrams', () => {
  it('is up to date with the parser (run `npm run grammar:diagrams` when this fails)', () => {
    expect(readFileSync(join(DIAGRAMS_DIR, 'index.html'), 'utf8')).toBe(renderDiagrams());
  });

  it('loads its scripts and styles from local copies, not from a CDN', () => {
    const html = renderDiagrams();
    expect(html).not.toMatch(/https?:\/\//);
    for (const resource of RESOURCES) {
      expect(html).toContain(`./${resource}`);
      expect(readFileSync(join(DIAGRAMS_DIR, resource), 'utf8'), resource).toBe(
        readFileSync(join(chevrotainDiagramsDir(), resource), 'utf8'),
      );
    }
  });

  it('draws every rule of the grammar', () => {
    const html = renderDiagrams();
    for (const rule of [
      'query',
      'sequence',
      'orExpr',
      'andExpr',
      'unary',
      'clause',
      'fieldClause',
      'comparison',
      'range',
      'group',
    ]) {
      expect(html).toContain(`"name": "${rule}"`);
    }
  });
});
