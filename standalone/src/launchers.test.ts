import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NPM_START_ENV } from './testing/lectio-process';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe("the server's launchers agree", () => {
  it('npm start, the Docker image and the benches start Node with the same environment (the idle memory measured is what runs)', () => {
    const start: string = JSON.parse(read('package.json')).scripts.start;
    const dockerfile = read('Dockerfile');
    for (const [name, value] of Object.entries(NPM_START_ENV)) {
      expect(start).toContain(`${name}=\${${name}:-${value}} exec node`);
      expect(dockerfile).toMatch(new RegExp(`^ENV ${name}=${value}$`, 'm'));
    }
  });
});
