export * from './stateless-api.js';
export { QuerySyntaxError } from './errors.js';
export { parseOrThrow } from './parse-or-throw.js';
export {
  BREAK,
  childKeys,
  children,
  nodeAt,
  pathAt,
  visit,
  type VisitFn,
  type VisitResult,
  type Visitor,
} from './visitor.js';
