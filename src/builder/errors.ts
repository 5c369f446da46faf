/**
 * The one error the builder throws. Builder input comes from application code and
 * its users, so every input that cannot be written as a query fails here, at build
 * time, with a stable `code` a caller can branch on, instead of producing a query
 * that means something else.
 */

export type BuilderErrorCode =
  /** A field name that is empty or only whitespace. */
  | 'empty-field-name'
  /** A field name that cannot name one field (`*` means every field). */
  | 'invalid-field-name'
  /** An empty full-text term: a bare word cannot be empty. */
  | 'empty-value'
  /** A number that is not finite, or that the query language cannot write exactly. */
  | 'invalid-number'
  /** An invalid `Date`, a string that is not a real `YYYY-MM-DD` date, or a year outside 0..9999. */
  | 'invalid-date'
  /** A boost that is negative, not finite or not exactly writable. */
  | 'invalid-boost'
  /** Contradictory range bounds (`gt` and `gte` together, say). */
  | 'invalid-range'
  /** A comparison operator the service does not know. */
  | 'invalid-operator'
  /** A value of the wrong type for its field (a schema-typed builder called from untyped code). */
  | 'invalid-value'
  /** A field name the schema does not define. */
  | 'unknown-field'
  /** Nested deeper than any query the parser accepts (see `MAX_NESTING`). */
  | 'too-deep'
  /** A tree that does not print and parse back to itself (a safety net: report it as a bug). */
  | 'unrepresentable';

export class BuilderError extends Error {
  override readonly name = 'BuilderError';
  constructor(
    readonly code: BuilderErrorCode,
    message: string,
  ) {
    super(message);
  }
}
