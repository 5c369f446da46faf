/** mdq's own language services: the completion engine of the package root. */
import { complete, highlight, hover } from 'mdq/completion';
import type { QueryServices } from './services.js';

const services: QueryServices = { complete, hover, highlight };

export function defaultServices(): QueryServices {
  return services;
}
