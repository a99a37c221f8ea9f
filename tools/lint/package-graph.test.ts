import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const workspaces: string[] = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;

/** The workspace folder a repository path lies in, if any. */
const workspaceOf = (path: string) => workspaces.find((w) => path === w || path.startsWith(`${w}/`));

/**
 * Files of one workspace importing another's by a relative path ('../../../web/src/x'): a
 * dependency package.json does not name, so the graph counts it too.
 */
function relativeImports(dir: string): { from: string; to: string }[] {
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', `${dir}/*.ts`, `${dir}/*.tsx`],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter(Boolean);
  const found: { from: string; to: string }[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue; // deleted in the work tree, not yet in the index
    }
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = relative(root, resolve(root, dirname(file), m[1]!));
      const other = workspaceOf(target);
      if (other && other !== dir) found.push({ from: file, to: other });
    }
  }
  return found;
}

/** Each workspace's @lectio dependencies, dev dependencies included (tests count as the package), and files it reaches by path. */
function graph(): Map<string, string[]> {
  const nameOf = new Map<string, string>();
  for (const dir of workspaces) nameOf.set(dir, JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).name);
  const byName = new Map<string, string[]>();
  for (const dir of workspaces) {
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((d) => d.startsWith('@lectio/'));
    const byPath = relativeImports(dir).map((i) => nameOf.get(i.to)!);
    byName.set(pkg.name, [...new Set([...deps, ...byPath])]);
  }
  return byName;
}

function cycleIn(g: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (n: string): string[] | null => {
    if (state.get(n) === 'done') return null;
    if (state.get(n) === 'open') return [...path.slice(path.indexOf(n)), n];
    state.set(n, 'open');
    path.push(n);
    for (const d of g.get(n) ?? []) {
      const found = visit(d);
      if (found) return found;
    }
    path.pop();
    state.set(n, 'done');
    return null;
  };
  for (const n of g.keys()) {
    const found = visit(n);
    if (found) return found;
  }
  return null;
}

describe('the package graph', () => {
  it('has no cycle, dev dependencies (tests) and files imported by a relative path included', () => {
    expect(cycleIn(graph())).toBeNull();
  });

  it('no workspace reaches into another by a relative path: another package is imported by its name', () => {
    expect(workspaces.flatMap(relativeImports)).toEqual([]);
  });

  it('the check finds a cycle when one is added', () => {
    const g = graph();
    g.set('@lectio/contracts', [...(g.get('@lectio/contracts') ?? []), '@lectio/standalone']);
    expect(cycleIn(g)).not.toBeNull();
  });
});
