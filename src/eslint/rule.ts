/**
 * `mdq/valid-query`: checks query text where code holds it, against the project's schemas:
 * tagged templates `` mdq`...` `` and string literals passed to `search`, `searchAll`,
 * `searchPages` and `checkQuery`. Each diagnostic is reported at the characters of the
 * literal its span covers (through escapes and template parts); a safe fix is an ESLint fix,
 * any other a suggestion. Interpolations stand for one escaped word: nothing touching them
 * is reported.
 *
 *     client.search('Citty:Berlin')   // unknown field 'Citty' (a suggestion: Use "City")
 *     mdq`status:${s}`                // field-name-case, fixed to Status
 */
import type { Rule, SourceCode } from 'eslint';
import type { Node as EsNode, TemplateLiteral } from 'estree';
import { check, type Diagnostic } from '../index.js';
import { findConfig, loadProject } from './config.js';
import {
  escapeForLiteral,
  type QueryText,
  QueryTextBuilder,
  sourceRange,
  touchesHole,
} from './source-map.js';

const QUERY_METHODS = new Set(['search', 'searchAll', 'searchPages', 'checkQuery']);

/** The query text of a string literal or a template literal, with its source map; undefined for anything else. */
export function queryTextOf(
  node: EsNode,
  source: SourceCode,
): { q: QueryText; quote: string } | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') {
    const [from, to] = node.range!;
    const raw = source.text.slice(from + 1, to - 1);
    return { q: new QueryTextBuilder().raw(raw, from + 1).build(), quote: source.text[from]! };
  }
  if (node.type === 'TemplateLiteral') return { q: templateText(node, source), quote: '`' };
  return undefined;
}

function templateText(node: TemplateLiteral, source: SourceCode): QueryText {
  const builder = new QueryTextBuilder();
  node.quasis.forEach((quasi, i) => {
    const [from, to] = quasi.range!;
    // A quasi's range includes its delimiters: ` or } before, ${ or ` after.
    const start = from + 1;
    const end = quasi.tail ? to - 1 : to - 2;
    builder.raw(source.text.slice(start, end), start);
    const expression = node.expressions[i];
    if (expression) builder.hole(end, node.quasis[i + 1]!.range![0] + 1);
  });
  return builder.build();
}

function calleeName(node: EsNode): string | undefined {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier')
    return node.property.name;
  return undefined;
}

export const validQuery: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'check mdq queries in code (tagged templates, search and checkQuery arguments) against the project schemas',
    },
    fixable: 'code',
    hasSuggestions: true,
    schema: [],
    messages: { diagnostic: '{{message}} (mdq {{code}})', config: 'mdq: {{problem}}' },
  },
  create(context) {
    const source = context.sourceCode;
    const settings = (context.settings as { mdq?: { config?: unknown } } | undefined)?.mdq;
    const configPath =
      typeof settings?.config === 'string'
        ? findConfigAt(settings.config, context.cwd)
        : findConfig(dirnameOf(context.filename, context.cwd));
    const project = loadProject(configPath);
    let toldProblems = false;

    function lint(literal: EsNode): void {
      const found = queryTextOf(literal, source);
      if (!found) return;
      const { q, quote } = found;
      if (!toldProblems && project.problems.length > 0) {
        toldProblems = true;
        for (const problem of project.problems)
          context.report({ loc: { line: 1, column: 0 }, messageId: 'config', data: { problem } });
      }
      const diagnostics = check(q.text, {
        ...(project.schema ? { schema: project.schema } : {}),
        severities: project.severities,
      });
      for (const d of diagnostics) report(d, q, quote);
    }

    function report(d: Diagnostic, q: QueryText, quote: string): void {
      if (touchesHole(q, d.span.start, d.span.end)) return;
      const [from, to] = sourceRange(q, d.span.start, d.span.end);
      const fixes = (d.fixes ?? []).filter((f) =>
        f.edits.every((e) => !touchesHole(q, e.span.start, e.span.end)),
      );
      const toFix = (fix: NonNullable<Diagnostic['fixes']>[number]) => (fixer: Rule.RuleFixer) =>
        fix.edits.map((e) =>
          fixer.replaceTextRange(
            sourceRange(q, e.span.start, e.span.end),
            escapeForLiteral(e.text, quote),
          ),
        );
      const safe = fixes.find((f) => f.safe === true);
      context.report({
        loc: { start: source.getLocFromIndex(from), end: source.getLocFromIndex(to) },
        messageId: 'diagnostic',
        data: { message: d.message, code: d.code },
        ...(safe ? { fix: toFix(safe) } : {}),
        suggest: fixes.filter((f) => f !== safe).map((f) => ({ desc: f.title, fix: toFix(f) })),
      });
    }

    return {
      TaggedTemplateExpression(node) {
        if (calleeName(node.tag as EsNode) === 'mdq') lint(node.quasi);
      },
      CallExpression(node) {
        const name = calleeName(node.callee as EsNode);
        const first = node.arguments[0];
        if (name !== undefined && QUERY_METHODS.has(name) && first) lint(first as EsNode);
      },
    };
  },
};

function dirnameOf(filename: string, cwd: string): string {
  const slash = Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\'));
  return slash === -1 || filename.startsWith('<') ? cwd : filename.slice(0, slash);
}

function findConfigAt(path: string, cwd: string): string | undefined {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) ? path : `${cwd}/${path}`;
}
