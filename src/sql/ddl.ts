/**
 * `createTableSql(schema, { table })`: the DDL of the table that holds records, its side
 * table of typed keys, their indexes, and the two functions the compiled queries call
 * (phrases with slop, fuzzy terms), written in PL/pgSQL so that they run on any
 * PostgreSQL (15 and PGlite alike) without extensions.
 */
import type { EvaluatorSchema } from '../evaluator/schema-input.js';
import { schemaIndexOf } from './schema.js';
import { quoteIdentifier, tableNames, type TableOptions } from './identifiers.js';

/**
 * True when a phrase (the words in order, each word of the phrase taking a token of its
 * own) lies within `slop` in one of the values: Lucene's sloppy phrase cost, the greedy
 * assignment of evaluator/phrase.ts (`repeatedWordMatches`), for every start that some
 * occurrence gives.
 */
const PHRASE_FUNCTION = `CREATE OR REPLACE FUNCTION mdq_phrase(vals jsonb, phrase text[], slop integer) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $mdq$
DECLARE
  toks text[]; n integer; k integer := cardinality(phrase); low integer; q integer; hi integer;
  ok boolean; used integer[]; v jsonb;
BEGIN
  IF vals IS NULL OR jsonb_typeof(vals) <> 'array' OR k = 0 THEN RETURN false; END IF;
  FOR v IN SELECT jsonb_array_elements(vals) LOOP
    toks := ARRAY(SELECT jsonb_array_elements_text(v));
    n := cardinality(toks);
    FOR p IN 1..n LOOP
      FOR s IN 1..k LOOP
        CONTINUE WHEN toks[p] <> phrase[s];
        low := p - s;
        ok := true;
        used := array_fill(0, ARRAY[k]);
        FOR i IN 1..k LOOP
          q := greatest(low + i, 1);
          FOR j IN 1..i - 1 LOOP
            IF phrase[j] = phrase[i] AND used[j] + 1 > q THEN q := used[j] + 1; END IF;
          END LOOP;
          hi := least(n, low + slop + i);
          WHILE q <= hi AND toks[q] <> phrase[i] LOOP q := q + 1; END LOOP;
          IF q > hi THEN ok := false; EXIT; END IF;
          used[i] := q;
        END LOOP;
        IF ok THEN RETURN true; END IF;
      END LOOP;
    END LOOP;
  END LOOP;
  RETURN false;
END
$mdq$;`;

/**
 * True when `token` is `term` or within `max_edits` edits of it (optimal string alignment:
 * insert, delete, substitute, swap two neighbours), counting code points, in the band of
 * cells within `max_edits` of the diagonal: evaluator/fuzzy.ts's `withinEdits`.
 */
const FUZZY_FUNCTION = `CREATE OR REPLACE FUNCTION mdq_fuzzy(token text, term text, max_edits integer) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT AS $mdq$
DECLARE
  m integer := char_length(token); n integer := char_length(term); far integer := max_edits + 1;
  before integer[]; prev integer[]; cur integer[]; lo integer; hi integer; d integer; cost integer; row_min integer;
BEGIN
  IF token = term THEN RETURN true; END IF;
  IF abs(m - n) > max_edits OR max_edits <= 0 THEN RETURN false; END IF;
  -- Rows indexed 1..n+1 for columns 0..n; cells outside the band read as far.
  before := array_fill(far, ARRAY[n + 1]);
  prev := array_fill(far, ARRAY[n + 1]);
  cur := array_fill(far, ARRAY[n + 1]);
  FOR j IN 0..least(n, max_edits) LOOP prev[j + 1] := j; END LOOP;
  FOR i IN 1..m LOOP
    lo := greatest(1, i - max_edits);
    hi := least(n, i + max_edits);
    cur[lo] := CASE WHEN lo = 1 THEN i ELSE far END;
    row_min := cur[lo];
    FOR j IN lo..hi LOOP
      cost := CASE WHEN substr(token, i, 1) = substr(term, j, 1) THEN 0 ELSE 1 END;
      d := least(prev[j + 1] + 1, cur[j] + 1, prev[j] + cost);
      IF i > 1 AND j > 1 AND substr(token, i, 1) = substr(term, j - 1, 1)
         AND substr(token, i - 1, 1) = substr(term, j, 1) THEN
        d := least(d, before[j - 1] + 1);
      END IF;
      cur[j + 1] := d;
      IF d < row_min THEN row_min := d; END IF;
    END LOOP;
    IF hi + 1 <= n THEN cur[hi + 2] := far; END IF;
    IF row_min > max_edits THEN RETURN false; END IF;
    before := prev; prev := cur; cur := before;
  END LOOP;
  RETURN prev[n + 1] <= max_edits;
END
$mdq$;`;

/** The functions compiled queries call, as one string of statements (part of `createTableSql`). */
export const FUNCTIONS_SQL = `${PHRASE_FUNCTION}\n${FUZZY_FUNCTION}`;

/**
 * The DDL (one string, several statements) for the table `table` holding records of
 * `schema`: the record itself (`record`, JSON), its words and markers (`terms`, GIN),
 * its values' words in order (`texts`, for phrases), and the side table `<table>_keys`
 * of typed keys with B-tree indexes on (field, number) and (field, text), each holding the
 * row's id too.
 */
export function createTableSql(schema: EvaluatorSchema, options: TableOptions): string {
  // The schema is resolved so that a wrong one fails here, as it would at insert time.
  schemaIndexOf(schema);
  const { table, keys } = tableNames(options);
  const index = (suffix: string) => quoteIdentifier(`${options.table}_${suffix}`);
  return [
    FUNCTIONS_SQL,
    `CREATE TABLE ${table} (
  "_dataObjectId" text PRIMARY KEY,
  "_version" integer NOT NULL DEFAULT 1,
  record jsonb NOT NULL,
  terms text[] NOT NULL,
  texts jsonb NOT NULL
);`,
    `CREATE INDEX ${index('terms')} ON ${table} USING gin (terms);`,
    `CREATE TABLE ${keys} (
  "_dataObjectId" text NOT NULL REFERENCES ${table} ("_dataObjectId") ON DELETE CASCADE,
  field text NOT NULL,
  num double precision,
  txt text COLLATE "C"
);`,
    // The ids ride along in the key indexes, so that a broad value or range finds its rows from the index alone (an index-only scan, no visit to keys scattered over the side table).
    `CREATE INDEX ${index('keys_num')} ON ${keys} (field, num) INCLUDE ("_dataObjectId") WHERE num IS NOT NULL;`,
    `CREATE INDEX ${index('keys_txt')} ON ${keys} (field, txt) INCLUDE ("_dataObjectId") WHERE txt IS NOT NULL;`,
    `CREATE INDEX ${index('keys_id')} ON ${keys} ("_dataObjectId");`,
  ].join('\n');
}
