/** Text for quick fixes: a field name written the way its clause needs it. */
import type { Comparison, Exists, Field } from '../language/ast.js';
import { bracketFieldName, escapeFieldName, quote } from '../language/escape.js';

/** How a clause writes its field name: in brackets, quoted (`_exists_:"a b"`), or with escapes. */
export type FieldNameStyle = 'bracketed' | 'quoted' | 'escaped';

export function fieldNameStyle(clause: Field | Exists | Comparison): FieldNameStyle {
  switch (clause.kind) {
    case 'Comparison':
      return 'bracketed';
    case 'Exists':
      return clause.field.raw.startsWith('"') ? 'quoted' : 'escaped';
    case 'Field':
      return 'escaped';
  }
}

/** `name` written in a style. */
export function writeFieldNameAs(style: FieldNameStyle, name: string): string {
  return style === 'bracketed'
    ? bracketFieldName(name)
    : style === 'quoted'
      ? quote(name)
      : escapeFieldName(name);
}

/** `name` written to replace the `FieldName` of `clause` (its span includes brackets or quotes). */
export function writeFieldName(clause: Field | Exists | Comparison, name: string): string {
  return writeFieldNameAs(fieldNameStyle(clause), name);
}
