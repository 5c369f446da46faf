/**
 * `mdq/sql`: queries as PostgreSQL. `createTableSql` makes the table (words derived by
 * mdq's own analyzer at write time, GIN and B-tree indexes), `insertSql` loads records,
 * `toSql` compiles a query into a parameterized SELECT that means what `filter` means.
 */
export { toSql, type SqlQuery, type ToSqlOptions } from './compile.js';
export { createTableSql } from './ddl.js';
export { insertSql, type InsertOptions, type SqlStatement } from './insert.js';
export type { TableOptions } from './identifiers.js';
