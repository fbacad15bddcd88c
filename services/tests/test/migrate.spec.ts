import { describeMigration } from '@mcat/test-support/migration-suite';
import { MIGRATION_MODELS } from '../src/migration-models';

describeMigration('tests', MIGRATION_MODELS);
