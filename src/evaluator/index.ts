/** The evaluator: queries compiled into predicates over records, with the service's search semantics. */
export {
  compile,
  filter,
  type CompileOptions,
  type Matcher,
  type QueryInput,
  type CompileInput,
} from './compile.js';
export type { FieldHighlight } from './highlight.js';
export type { DataRecord } from './record.js';
export { forgetRecord } from './record-texts.js';
export type { DefinedSchema, EvaluatorSchema } from './schema-input.js';
