/**
 * Field names in a query, for document highlights and renames. A field is written three
 * ways, and a rename keeps each occurrence's way: `First\ Name:x` (escaped), `[First Name]`
 * (bracket), `_exists_:"First Name"` (quoted); `_exists_:First\ Name` is escaped again.
 */
import {
  bracketFieldName,
  escapeFieldName,
  parse,
  quote,
  visit,
  type FieldName,
  type Query,
} from '../index.js';

/** Every field name of the tree, in order. */
export function fieldNames(tree: Query): FieldName[] {
  const names: FieldName[] = [];
  visit(tree, {
    FieldName(node) {
      names.push(node);
    },
  });
  return names;
}

/** The field name at `offset` (its end included), if the cursor stands on one. */
export function fieldNameAt(tree: Query, offset: number): FieldName | undefined {
  return fieldNames(tree).find(
    (n) => n.span.start <= offset && offset <= n.span.end && n.value !== '',
  );
}

/** `name` spelled the way `written` (an occurrence's text) spells its field. */
export function respell(written: string, name: string): string {
  if (written.startsWith('[')) return bracketFieldName(name);
  if (written.startsWith('"')) return quote(name);
  return escapeFieldName(name);
}

/** The edits that rename field `from` to `to` in `text`: one per occurrence, each in its own spelling. */
export function renameEdits(
  text: string,
  from: string,
  to: string,
): { start: number; end: number; text: string }[] {
  return fieldNames(parse(text).ast)
    .filter((n) => n.value === from)
    .map((n) => ({
      start: n.span.start,
      end: n.span.end,
      text: respell(text.slice(n.span.start, n.span.end), to),
    }));
}
