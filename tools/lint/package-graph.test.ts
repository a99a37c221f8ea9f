import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const workspaces: string[] = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;

/** Each workspace's @lectio dependencies, dev dependencies included: tests count as the package. */
function graph(): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const dir of workspaces) {
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((d) => d.startsWith('@lectio/'));
    byName.set(pkg.name, deps);
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
  it('has no cycle, dev dependencies (tests) included', () => {
    expect(cycleIn(graph())).toBeNull();
  });

  it('the check finds a cycle when one is added', () => {
    const g = graph();
    g.set('@lectio/contracts', [...(g.get('@lectio/contracts') ?? []), '@lectio/standalone']);
    expect(cycleIn(g)).not.toBeNull();
  });
});
