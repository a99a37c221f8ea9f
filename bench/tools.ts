import { execFileSync } from 'node:child_process';

const HOW_TO_INSTALL: Record<string, string> = {
  wrk: 'apt-get install wrk',
  nginx: 'apt-get install nginx-light (or nginx)',
  chromium: 'apt-get install chromium',
};

/** The external programs a benchmark needs that are not on PATH (checked before it starts anything). */
export function missingTools(tools: string[]): string[] {
  return tools.filter((tool) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
}

/** A one-line reason naming each missing program and how to install it. */
export const missingToolsMessage = (missing: string[]) =>
  `needs ${missing.map((t) => `${t} (${HOW_TO_INSTALL[t] ?? 'install it'})`).join(' and ')}, not found on PATH`;

/** Exits with a clear message (no stack trace) when a tool is missing. */
export function requireTools(bench: string, tools: string[]) {
  const missing = missingTools(tools);
  if (missing.length === 0) return;
  console.error(`${bench} ${missingToolsMessage(missing)}`);
  process.exit(2);
}
