import { describe, expect, it } from 'vitest';
import { hover } from '../../src/completion/hover.js';
import { customerSchema } from '../../src/examples/index.js';
import type { HoverOptions } from '../../src/completion/types.js';
import { marked, schema } from './helpers.js';

function hoverAt(query: string, options: HoverOptions = { schema }) {
  const { text, offset } = marked(query);
  const h = hover(text, offset, options);
  return h === null ? null : { ...h, text: text.slice(h.from, h.to) };
}

describe('hover', () => {
  it('describes a field: type, description, values, bounds, schemas', () => {
    const h = hoverAt('Sta|tus:ACT')!;
    expect(h.kind).toBe('field');
    expect(h.text).toBe('Status');
    expect(h.contents).toContain('**Status** — picklist');
    expect(h.contents).toContain('`ACT` Active');
    expect(hoverAt('[First N|ame] eq "Tim"')!.contents).toContain('Length 1 to 50 characters.');
    expect(hoverAt('[First N|ame] eq "Tim"')!.contents).toContain(
      'In schemas Customer, Customer Contact.',
    );
    expect(hoverAt('[First N|ame] eq "Tim"')!.text).toBe('[First Name]');
    expect(hoverAt('[V|IP] eq "Y"')!.contents).toContain('`Y` (true) or `N` (false)');
    expect(
      hoverAt('Date\\ of\\ Bi|rth:2000-01-01', { schema: customerSchema })!.contents,
    ).toContain('Dates from 1900-01-01 to 2010-12-31.');
    expect(hoverAt('_exists_:Em|ail')!.contents).toContain('**Email**');
    expect(hoverAt('Legacy\\ Cu|stomer\\ Number:1')!.contents).toContain('Inactive');
  });

  it('says when no field has the name, and names the real spelling of a loose one', () => {
    expect(hoverAt('Nop|e:1')!.contents).toContain('no field of this name');
    expect(hoverAt('ci|ty:Berlin')!.contents).toContain('the field is spelt **City**');
  });

  it('says what an operator does', () => {
    expect(hoverAt('[Age] g|e 18')!.contents).toBe('**ge**: greater than or equal to the value');
    expect(hoverAt('a A|ND b')!.contents).toContain('both sides must match');
    expect(hoverAt('a O|R b')!.kind).toBe('operator');
    expect(hoverAt('[A] eq 1 a|nd [B] eq 2')!.kind).toBe('operator');
    expect(hoverAt('cats a|nd dogs')!.kind).toBe('text');
    expect(hoverAt('Age:>|=18')!.contents).toContain('greater than or equal');
    expect(hoverAt('Age:[1 T|O 5]')!.contents).toContain('**TO**');
  });

  it('says what a value reads as', () => {
    expect(hoverAt('Status:A|CT')!.contents).toBe('`ACT`: Active (**Status**)');
    expect(hoverAt('[Status] eq "A|CT"')!.contents).toBe('`ACT`: Active (**Status**)');
    expect(hoverAt('Country:(DE OR F|R)')!.contents).toBe('`FR`: France (**Country**)');
    expect(hoverAt('VIP:|N')!.contents).toBe('`N`: false (**VIP**)');
    expect(hoverAt('Launch\\ Date:2021-03-0|1')!.contents).toBe(
      'the date 2021-03-01 (**Launch Date**)',
    );
    expect(hoverAt('Launch\\ Date:[2021-03-01 TO 2022-0|1-01]')!.contents).toBe(
      'the date 2022-01-01 (**Launch Date**)',
    );
    expect(hoverAt('[Age] ge 1|8')!.contents).toBe('the number 18 (**Age**)');
    expect(hoverAt('Status:Act|ive')!.contents).toContain(
      "⚠ 'Active' is the description of code 'ACT'",
    );
    expect(hoverAt('Launch\\ Date:2021-02-3|0')!.contents).toContain('⚠');
  });

  it('describes free text, phrases, wildcards and regexes', () => {
    expect(hoverAt('Ber|lin')!.contents).toBe('the word `Berlin` in any field');
    expect(hoverAt('"New Y|ork"')!.contents).toContain('the exact phrase "New York"');
    expect(hoverAt('Jo|*')!.contents).toContain('the pattern `Jo*`');
    expect(hoverAt('/jo|n/')!.contents).toContain('regular expression');
  });

  it('returns null between tokens and for bad offsets', () => {
    expect(hoverAt('a  |  b')).toBeNull();
    expect(hover('abc', 10, { schema })).toBeNull();
    expect(hover('abc', -1, { schema })).toBeNull();
    expect(hover('', 0, { schema })).toBeNull();
  });
});
