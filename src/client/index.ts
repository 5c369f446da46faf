/**
 * mdq/client: the service client. Every operation of the master-data service on the
 * platform's `fetch` (Node 20.19+ and browsers): tokens renewed in a single flight,
 * reads retried with backoff, writes that never apply twice, paging as async
 * iterators, typed errors that never show a secret.
 */
export {
  createClient,
  type CallOptions,
  type DataSetRefInput,
  type MdqClient,
  type ObjectRefInput,
  type SearchAllOptions,
  type SearchOptions,
} from './client.js';
export {
  AuthError,
  BadRequestError,
  NetworkError,
  NotFoundError,
  PermissionError,
  QueryError,
  RateLimitError,
  ServerError,
  ServiceError,
  TimeoutError,
  VersionConflictError,
  WriteOutcomeUnknownError,
  IncompleteWalkError,
  type IncompleteWalkReason,
  type ServiceErrorDetails,
} from './errors.js';
export type { CheckMode, QueryInput, SearchInput } from './local-check.js';
export type { Scope, SearchScope } from './names.js';
export type {
  ClientOptions,
  Clock,
  Credentials,
  GetToken,
  Logger,
  TokenAnswer,
} from './options.js';
export type { Paged } from './paging.js';
export { DEFAULT_RETRY, backoffDelay, parseRetryAfter, type RetryPolicy } from './retry.js';
export type * from './types.js';
export type { UpdateResult, UpdateWithRetryResult } from './writes.js';
