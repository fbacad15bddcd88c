import { describeMigration } from '../../../scripts/test-infra/migration-suite';
import { MIGRATION_MODELS } from '../src/migration-models';

describeMigration('billing', MIGRATION_MODELS);
