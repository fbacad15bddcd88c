import path from 'node:path';
import { describeApiRoutes } from '@mcat/test-support/api-routes-suite';

describeApiRoutes('questions', path.join(__dirname, '../src'));
