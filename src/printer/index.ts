export { FormatError, format, type FormatOptions } from './format.js';
