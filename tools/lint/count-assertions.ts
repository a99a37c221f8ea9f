/**
 * Counts the type assertions (`x as T`, `<T>x`; not `as const`) in every non-test .ts/.tsx file
 * the repository tracks, with the TypeScript parser, and fails above the allowance or on any
 * `as unknown as`, or on an assertion without its reason (a // comment on its line or the line above).
 *   npx tsx tools/lint/count-assertions.ts          (the total and where each one is)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

// At most 25, each with its reason on the line above; the allowance only ever goes down, so no change adds one.
const ALLOWED = 17;
// Tests, test kits and test doubles may assert what they built; benchmarks are not shipped.
const NOT_COUNTED = /(\.test\.tsx?$|\.d\.ts$|(^|\/)(e2e|testing|test)\/|^bench\/)/;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && !NOT_COUNTED.test(f));

const isConst = (type: ts.TypeNode) =>
  ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';
const found: string[] = [];
const doubled: string[] = [];
const unexplained: string[] = [];
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree, not yet in the index
  }
  // Suites and helpers that run under the test runner (a contract suite, a fault load) are test code too.
  if (/from 'vitest'/.test(text)) continue;
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const lines = text.split('\n');
  // Its reason: a // comment on the assertion's line or the line above it.
  const explained = (node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    return lines[line]!.includes('//') || (lines[line - 1] ?? '').trim().startsWith('//');
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConst(node.type)) {
      const inner = node.expression;
      // `x as unknown as T` is one assertion that hides that the types do not fit.
      if (
        (ts.isAsExpression(inner) || ts.isTypeAssertionExpression(inner)) &&
        inner.type.kind === ts.SyntaxKind.UnknownKeyword
      ) {
        doubled.push(`${where(node)}  ${node.getText(source)}`);
        return visit(inner.expression);
      }
      found.push(`${where(node)}  as ${node.type.getText(source)}`);
      if (!explained(node)) unexplained.push(`${where(node)}  as ${node.type.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

for (const line of [...found, ...doubled]) console.log(line);
console.log(
  `${found.length + doubled.length} type assertions in ${files.length} non-test files (allowed: ${ALLOWED}); ${doubled.length} 'as unknown as'`,
);
if (doubled.length > 0) {
  console.error("'as unknown as' says the types are wrong: fix the types.");
  process.exit(1);
}
if (unexplained.length > 0) {
  console.error(
    `A type assertion says why it is safe in a // comment on its line or the line above:\n${unexplained.join('\n')}`,
  );
  process.exit(1);
}
if (found.length + doubled.length > ALLOWED) {
  console.error(`More than ${ALLOWED} type assertions: fix the types instead of asserting them.`);
  process.exit(1);
}
