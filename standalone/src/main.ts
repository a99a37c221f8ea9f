import { ConfigError } from '@lectio/platform';
import { startLectio } from './server';

try {
  const lectio = await startLectio();
  const stop = async () => {
    await lectio.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
