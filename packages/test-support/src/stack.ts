/**
 * What the suites need to know about the local stack the runner (`npm start`, `npm test`) starts:
 * its profiles and ports, the environment it gives each process, the tools it downloads, the status
 * file it keeps. The runner owns these modules (scripts/lib); test code takes them from here, so the
 * only test code that reaches into scripts/ is this package.
 */
export {
  infraUrls,
  REPO_ROOT,
  TEST_PROFILE,
  type Profile,
  type ServiceName,
} from '../../../scripts/lib/ports';
export { waitForPort } from '../../../scripts/lib/infra';
export { gatewayEnv, NODE_FLAGS, serviceEnv, withDatabase } from '../../../scripts/lib/processes';
export {
  writeRecoveryFigures,
  type Recovery,
} from '../../../scripts/lib/supervision/recovery-figures';
export {
  readRunnerStatus,
  type ProcessStatus,
  type RunnerStatus,
} from '../../../scripts/lib/supervision/runner-status';
export { isAlive } from '../../../scripts/lib/run-lock';
export { logDir } from '../../../scripts/lib/test-infrastructure';
export { customResourceDefinition, ensureTool, toolPath } from '../../../scripts/lib/tools';
export { dashboardQueries } from '../../../scripts/lib/cluster/monitoring/dashboard-queries';
export {
  startApiServer,
  type ApiServer,
  type KubectlResult,
} from '../../../scripts/lib/api-server';
