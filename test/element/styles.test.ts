/** The elements' colours: the dark scheme (by attribute or by the system's preference) sets every colour the light one does. */
import { describe, expect, it } from 'vitest';
import { tokens } from '../../src/element/styles.js';

/** The custom properties declared by the rule whose selector is `selector`. */
function declared(selector: string): string[] {
  const at = tokens.indexOf(`${selector} {`);
  expect(at, selector).toBeGreaterThanOrEqual(0);
  const body = tokens.slice(at, tokens.indexOf('}', at));
  return [...body.matchAll(/(--mdq-[\w-]+)\s*:/g)].map((m) => m[1]!).sort();
}

describe('the light and dark colours', () => {
  it('are the same properties in each of the three places they apply', () => {
    const colours = declared(':host').filter((p) => !/font|radius/.test(p));
    expect(colours.length).toBeGreaterThan(5);
    expect(declared(":host([theme='dark'])")).toEqual(colours);
    expect(declared(":host(:not([theme='light']))")).toEqual(colours);
    expect(tokens).toMatch(
      /@media \(prefers-color-scheme: dark\) \{\s*:host\(:not\(\[theme='light'\]\)\)/,
    );
  });
});
