import { startTestServer, type TestServerOptions } from '@lectio/testing/http';
import { type LectioOptions, startLectio } from '../server';

/** The whole Lectio of `npm start` (the standalone composition, with the built web app if there is one) for API tests. */
export function startTestLectio(options: TestServerOptions & Pick<LectioOptions, 'commands'> = {}) {
  return startTestServer(
    (env, o) => startLectio(env, { commands: options.commands, logDestination: o.logDestination }),
    options,
  );
}

export { TestClient, unique } from '@lectio/testing/http';
