import { runService } from '@lectio/platform';
import { startLectio } from './server';

await runService(() => startLectio());
