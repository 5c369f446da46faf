/**
 * File arguments with wildcards, for `mdq lint --files`: `*` and `?` within a path segment,
 * `**` for any depth. Quoted globs work the same on every shell and OS (Node 20 has no
 * fs.glob). Dot entries and node_modules are skipped unless a segment names them.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const WILD = /[*?]/;

function segmentPattern(segment: string): RegExp {
  const body = segment
    .split('')
    .map((ch) =>
      ch === '*' ? '[^/]*' : ch === '?' ? '[^/]' : ch.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body}$`);
}

function entries(dir: string): { name: string; directory: boolean }[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).map((e) => ({
      name: e.name,
      directory: e.isDirectory() || (e.isSymbolicLink() && isDirectoryPath(join(dir, e.name))),
    }));
  } catch {
    return [];
  }
}

function isDirectoryPath(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function hidden(name: string, segment: string): boolean {
  return (
    (name.startsWith('.') && !segment.startsWith('.')) ||
    (name === 'node_modules' && segment !== 'node_modules')
  );
}

/** The files `pattern` names, sorted; a pattern without wildcards is itself (missing or not). */
export function expandGlob(pattern: string): string[] {
  if (!WILD.test(pattern)) return [pattern];
  const absolute = pattern.startsWith('/');
  const segments = pattern.split(/[\\/]+/).filter((s, i) => s !== '' || i === 0);
  const found = new Set<string>();
  const walk = (dir: string, rest: readonly string[]) => {
    if (rest.length === 0) return;
    const [segment, ...tail] = rest as [string, ...string[]];
    if (segment === '**') {
      walk(dir, tail); // zero directories
      for (const e of entries(dir || '.'))
        if (e.directory && !hidden(e.name, '')) walk(dir ? join(dir, e.name) : e.name, rest);
      return;
    }
    if (!WILD.test(segment)) {
      const path = dir ? join(dir, segment) : segment;
      if (tail.length === 0) {
        if (!isDirectoryPath(path) && entries(dir || '.').some((e) => e.name === segment))
          found.add(path);
      } else walk(path, tail);
      return;
    }
    const match = segmentPattern(segment);
    for (const e of entries(dir || '.')) {
      if (!match.test(e.name) || hidden(e.name, segment)) continue;
      const path = dir ? join(dir, e.name) : e.name;
      if (tail.length === 0) {
        if (!e.directory) found.add(path);
      } else if (e.directory) walk(path, tail);
    }
  };
  if (absolute) walk('/', segments.slice(1));
  else walk('', segments[0] === '' ? segments.slice(1) : segments);
  return [...found].sort();
}
