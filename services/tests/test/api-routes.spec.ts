import path from 'node:path';
import { describeApiRoutes } from '@mcat/test-support/api-routes-suite';

describeApiRoutes('tests', path.join(__dirname, '../src'));
