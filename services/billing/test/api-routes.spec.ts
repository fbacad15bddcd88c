import path from 'node:path';
import { describeApiRoutes } from '@mcat/test-support/api-routes-suite';

describeApiRoutes('billing', path.join(__dirname, '../src'));
