/** mdq's own language services. (Until the completion engine lands, a caller passes `services`.) */
import type { QueryServices } from './services.js';

export function defaultServices(): QueryServices {
  throw new Error('mdq/codemirror: pass options.services (the completion engine is not in this build yet)');
}
