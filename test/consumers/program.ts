// Every entry's types, used as a user would, compiled with --strict and without skipLibCheck.
// A line marked @ts-expect-error proves that the types arrived: were they `any`, it would fail.
import { type QueryNode, type RequiredClause, type ValueRange, check, format, parse } from 'mdq';
import { defineSchema, query } from 'mdq/builder';
import { complete } from 'mdq/completion';
import { type CompileInput, compile } from 'mdq/evaluator';
import { exampleCustomerSchema } from 'mdq/examples';
import { type SearchInput, type SearchScope, createClient } from 'mdq/client';
import { mdq } from 'mdq/codemirror';
import { startEmulator } from 'mdq/emulator';
import { type Diagnostic, type ParseResult, parse as parseOnly } from 'mdq/parse';

// What `mdq codegen` writes: accepted by every API that takes a schema (issue 28, item 3).
const people = defineSchema({
  'First Name': { dataType: 'string' },
  Age: { dataType: 'integer' },
} as const);

export const formatted: string = format(parse('a b OR c').ast);
// @ts-expect-error format returns a string
export const wrong: number = format(parse('a').ast);
export const diagnostics = check('[First Name] eq "Ann"', { schema: people });
export const items = complete('[Fi', 3, { schema: people }).items;
export const matcher = compile(query(people.field('Age').equals(3)), { schema: people });
export const againstExample = check('[Customer Name] eq "x"', { schema: exampleCustomerSchema });
export const input: CompileInput = 'a';
export const search: SearchInput = parse('a').ast;
export const scope: SearchScope = { businessArea: 'b' };
export const node: QueryNode | undefined = parse('a').ast.body ?? undefined;
export type Kinds = [ValueRange['kind'], RequiredClause['kind']];
export const client = createClient({ baseUrl: 'http://127.0.0.1:1', getToken: async () => 't' });
export const editor = mdq({ schema: people });
export const emulator: typeof startEmulator = startEmulator;
// mdq/parse's tree is the root's: a search box parses with the small entry, the rest takes it.
export const small: ParseResult = parseOnly('a b');
export const smallFormatted: string = format(small.ast);
export const syntax: readonly Diagnostic[] = parseOnly('(a').diagnostics;
// @ts-expect-error parse's diagnostics are not strings
export const syntaxWrong: string[] = parseOnly('(a').diagnostics;
