import { runService } from '@lectio/platform/service-main';
import { registerCommandRoutes } from './app';

await runService('command-service', (app, rt) => registerCommandRoutes(app, rt));
