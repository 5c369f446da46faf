/** The rules a stored value keeps are the value rules every part reads (src/schema/value-rules.ts). */
export { recordErrors, valueErrors, type FieldErrors } from '../../schema/value-rules.js';
