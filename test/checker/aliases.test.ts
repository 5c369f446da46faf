/** Field aliases (issue 24): the schema option, the checker's fix, completion, hover and `--alias`. */
import { describe, expect, it } from 'vitest';
import { check } from '../../src/checker/check.js';
import { fixQuery } from '../../src/checker/fix-query.js';
import { complete } from '../../src/completion/complete.js';
import { hover } from '../../src/completion/hover.js';
import { exampleSchemas } from '../../src/examples/index.js';
import { withAliases } from '../../src/schema/aliases.js';
import { loadSchema } from '../../src/schema/schema.js';
import { runCaptured } from '../support/cli.js';

const schema = loadSchema(exampleSchemas, { aliases: { surname: 'Last Name', Stadt: 'City' } });

describe('field aliases', () => {
  it.each([
    ['surname:Smith', 'Last\\ Name:Smith'],
    ['SURNAME:Smith', 'Last\\ Name:Smith'],
    ['[surname] eq "van Dijk"', '[Last Name] eq "van Dijk"'],
    ['Stadt:Berlin AND _exists_:surname', 'City:Berlin AND _exists_:Last\\ Name'],
  ])('%j gets field-alias, and its safe fix writes %j', (text, meant) => {
    expect(check(text, { schema }).map((d) => d.code)).toContain('field-alias');
    expect(fixQuery(text, { schema }).text).toBe(meant);
  });

  it('offers the field as a typo correction, worded as one', () => {
    const [d] = check('Stadt:Berlin', { schema });
    expect(d!.message).toBe(
      '"Stadt" is another name for the field "City"; the service knows the field by its own name',
    );
    expect(d!.fixes).toEqual([
      {
        kind: 'typo',
        title: 'Use "City"',
        edits: [{ span: { start: 0, end: 5 }, text: 'City' }],
        safe: true,
      },
    ]);
  });

  it('is an unknown field without the alias', () => {
    expect(check('Stadt:Berlin', { schema: exampleSchemas }).map((d) => d.code)).toEqual([
      'unknown-field',
    ]);
  });

  it('lists an alias of no field, or of a field name, as a problem and skips it', () => {
    const s = withAliases(loadSchema(exampleSchemas), { x: 'Nope', City: 'Country' });
    expect(s.problems).toEqual([
      'alias "x": no field "Nope"',
      'alias "City": a field has that name',
    ]);
    expect(s.aliasOf?.('x')).toBeUndefined();
    expect(s.aliasOf?.('City')).toBeUndefined();
  });

  it('completes the field when an alias is typed, and inserts its real name', () => {
    const labels = complete('sur', 3, { schema }).items.map((i) => i.insert);
    expect(labels).toContain('[Last Name] ');
  });

  it('hovers an alias with the field it stands for', () => {
    const h = hover('Stadt:Berlin', 2, { schema });
    expect(h?.contents).toContain('**City**');
    expect(h?.contents).toContain('**Stadt** is another name for it');
    expect(hover('City:Berlin', 2, { schema })?.contents).toContain('Also called Stadt.');
  });

  it('mdq lint and mdq fmt --fix take --alias name=Field', async () => {
    const fixed = await runCaptured([
      'fmt',
      '--fix',
      '--example',
      '--alias',
      'surname=Last Name',
      '--alias',
      'Stadt=City',
      'surname:Smith AND Stadt:Berlin',
    ]);
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toBe('Last\\ Name:Smith AND City:Berlin\n');
    const linted = await runCaptured([
      'lint',
      '--example',
      '--alias',
      'Stadt=City',
      'Stadt:Berlin',
    ]);
    expect(linted.stdout).toContain('field-alias');
    const bad = await runCaptured(['lint', '--example', '--alias', 'Stadt', 'x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("expected an alias as name=Field Name, got 'Stadt'");
  });
});
