import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLectio } from '../test/test-lectio';

// Each module is its own Fastify plugin: what it hooks into applies to its own routes only. The
// command side's own hooks (the CSRF guard, no-store) apply to every command route, and to no read.
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio();
});
afterAll(() => t?.close());

/** The hooks each route runs, by lifecycle stage, as Fastify prints its route tree ('POST /api/chat' -> { onSend: ['noStore()'] }). */
function hooksByRoute(app: FastifyInstance) {
  const routes = new Map<string, Record<string, string[]>>();
  const path: string[] = [];
  let current: Record<string, string[]> = {};
  for (const line of app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n')) {
    // '│   ├── -check (POST)': the segment after the tree's branches, two levels down.
    const node = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (node) {
      const depth = node[1]!.length / 4;
      path.length = depth;
      path.push(node[2]!);
      current = {};
      for (const method of node[3]?.split(', ') ?? []) routes.set(`${method} ${path.join('')}`, current);
    }
    const hook = /• \((\w+)\) (\[.*\])/.exec(line);
    if (hook) current[hook[1]!] = JSON.parse(hook[2]!);
  }
  return (route: string) => {
    const hooks = routes.get(route);
    if (!hooks) throw new Error(`no route ${route}`);
    return hooks;
  };
}

describe('modules as encapsulated plugins', () => {
  it("billing's route schemas and JSON parser apply to billing's routes, not to the accounts' or the assistant's", async () => {
    const c = t.client();
    const json = { 'content-type': 'application/json' };
    expect(await c.post('/api/start-trial', 'null', json)).toMatchObject({
      status: 400,
      body: { message: 'A JSON null is not a request body' },
    });
    expect(await c.post('/api/start-trial', '[]', json)).toMatchObject({
      status: 400,
      body: { message: 'This request takes no body' },
    });
    for (const other of ['/api/login', '/api/register', '/api/chat', '/api/user/preferences']) {
      const r = await c.post(other, 'null', json);
      expect(r.status, other).toBeGreaterThanOrEqual(400);
      expect(r.body, other).not.toMatchObject({ message: 'A JSON null is not a request body' });
    }
  });

  it("support's gate guards support's routes only: not the reader's own support-access list, nor another module's routes", () => {
    const hooks = hooksByRoute(t.lectio.app);
    for (const support of [
      'GET /api/support/accounts',
      'GET /api/support/accounts/:id/history',
      'POST /api/support/accounts/:id/extend-trial',
    ]) {
      expect(hooks(support).onRequest, support).toContain('supportStaffOnly()');
    }
    for (const other of [
      'GET /api/user/support-access',
      'GET /api/user/export',
      'POST /api/login',
      'POST /api/start-trial',
      'POST /api/chat',
    ]) {
      expect(hooks(other).onRequest ?? [], other).not.toContain('supportStaffOnly()');
    }
  });

  it("the command side's no-store applies to every command route and to no read", async () => {
    const hooks = hooksByRoute(t.lectio.app);
    for (const command of ['POST /api/login', 'POST /api/start-trial', 'POST /api/chat', 'POST /api/stripe/webhook']) {
      expect(hooks(command).onSend, command).toContain('noStore()');
    }
    expect(hooks('GET /api/bible/books').onSend ?? []).not.toContain('noStore()');
    // As a reader sees it: a command's answer is never stored, the book list may be.
    const c = t.client();
    expect((await c.post('/api/user/preference-reminder/dismiss')).headers['cache-control']).toBe('no-store');
    expect((await c.get('/api/bible/books')).headers['cache-control']).not.toBe('no-store');
  });
});
