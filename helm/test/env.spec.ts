import { VALUE_SETS, componentOf, renderChart } from './support/chart';
import {
  CONFIG_MODULES,
  loadEnvSchemas,
  type EnvSchema,
  loopbackDefaults,
  objectShape,
  requiredVariables,
} from './support/env-schemas';
import { FROM_EXISTING_SECRET, environmentOf } from './support/environment';
import { podTemplates } from './support/pods';

let schemas: Record<string, EnvSchema> = {};
beforeAll(async () => {
  schemas = await loadEnvSchemas();
});
const CONFIGURED = Object.keys(CONFIG_MODULES);
/**
 * Variables naming a file mounted from the operator's Secret: the schema reads the file, which is
 * not here. dependency-trust.spec.ts checks that the path is inside that mount.
 */
const MOUNTED_FILES = new Set(['NATS_CREDS_FILE']);

describe.each(Object.entries(VALUE_SETS))(
  'service configuration from the %s values',
  (_name, files) => {
    const containers = () => {
      const objects = renderChart(files);
      return podTemplates(objects)
        .filter((pod) => pod.owner.kind === 'Deployment')
        .map((pod) => ({
          component: String(componentOf(pod.labels)),
          env: environmentOf(pod.spec.containers[0]!, objects),
        }));
    };

    it.each(CONFIGURED)('sets every variable the %s config schema requires', (component) => {
      const container = containers().find((candidate) => candidate.component === component);
      expect(container).toBeDefined();
      const missing = requiredVariables(schemas[component]!).filter(
        (name) => !container!.env.has(name),
      );
      expect(missing).toEqual([]);
    });

    it.each(CONFIGURED)('overrides every single-machine (loopback) default of %s', (component) => {
      const env = containers().find((candidate) => candidate.component === component)!.env;
      expect(loopbackDefaults(schemas[component]!).filter((name) => !env.has(name))).toEqual([]);
    });

    it.each(CONFIGURED)('gives %s only values its schema accepts', (component) => {
      const env = containers().find((candidate) => candidate.component === component)!.env;
      const shape = objectShape(schemas[component]!);
      const rejected = [...env.entries()]
        .filter(([name]) => !MOUNTED_FILES.has(name))
        .filter(([name, value]) => value !== FROM_EXISTING_SECRET && shape[name])
        .filter(([name, value]) => !shape[name]!.safeParse(value).success)
        .map(([name, value]) => `${name}=${String(value)}`);
      expect(rejected).toEqual([]);
      const known = [...env].every(
        ([name, value]) => value !== FROM_EXISTING_SECRET && !MOUNTED_FILES.has(name),
      );
      if (known) {
        const parsed = schemas[component]!.safeParse(Object.fromEntries(env));
        expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
      }
    });

    it('gives every migration Job its database, the bus and the service settings', () => {
      const objects = renderChart(files);
      const jobs = podTemplates(objects).filter((pod) => pod.labels['mcat-logbook/migrates']);
      expect(jobs.map((job) => job.labels['mcat-logbook/migrates']).sort()).toEqual([
        'auth',
        'billing',
        'questions',
        'tests',
      ]);
      for (const job of jobs) {
        const env = environmentOf(job.spec.containers[0]!, objects);
        expect(env.has('MONGO_URL')).toBe(true);
        expect(env.has('NATS_URL')).toBe(true);
        expect(job.spec.containers[0]!.command).toEqual(['node', 'dist/migrate.js']);
      }
    });
  },
);

describe('the study guide links (gateway.guideResources)', () => {
  const gatewayEnv = (files: string[]) => {
    const objects = renderChart(files);
    const gateway = podTemplates(objects).find(
      (pod) => pod.owner.kind === 'Deployment' && componentOf(pod.labels) === 'gateway',
    );
    return environmentOf(gateway!.spec.containers[0]!, objects);
  };

  it('leaves GUIDE_RESOURCES unset by default, so the gateway serves its built-in list', () => {
    expect(gatewayEnv([]).has('GUIDE_RESOURCES')).toBe(false);
  });

  it('gives the gateway the configured links, in order, as the JSON array it reads', () => {
    const value = gatewayEnv(['test/fixtures/values-inline-secrets.yaml']).get('GUIDE_RESOURCES');
    expect(JSON.parse(String(value))).toEqual([
      {
        title: 'Khan Academy "MCAT" & more',
        url: 'https://www.khanacademy.org/test-prep/mcat',
        description: 'Free videos <and> practice passages.',
      },
      { title: 'Anki', url: 'https://apps.ankiweb.net/' },
    ]);
  });
});

describe('the chart built from inline secrets', () => {
  it('gives each service its own MongoDB database on the configured servers', () => {
    const objects = renderChart(['test/fixtures/values-inline-secrets.yaml']);
    const urls = podTemplates(objects)
      .filter((pod) => pod.owner.kind === 'Deployment')
      .map((pod) => [
        componentOf(pod.labels),
        environmentOf(pod.spec.containers[0]!, objects).get('MONGO_URL'),
      ])
      .filter(([, url]) => url !== undefined);
    const base = 'mongodb+srv://app:app-password@cluster0.db.example.org';
    const options = '?retryWrites=true&authSource=admin';
    expect(Object.fromEntries(urls)).toEqual({
      auth: `${base}/mcat_auth${options}`,
      tests: `${base}/mcat_tests${options}`,
      questions: `${base}/mcat_questions${options}`,
      billing: `${base}/mcat_billing${options}`,
    });
  });
});

describe('tracing (config.otlpEndpoint)', () => {
  const COLLECTOR = 'http://otel-collector.observability:4318';
  const NODE_DEPLOYABLES = ['auth', 'billing', 'gateway', 'mailer', 'questions', 'tests'];

  const deployablesEnv = (sets: Record<string, string> = {}) => {
    const objects = renderChart([], sets);
    return podTemplates(objects)
      .filter((pod) => pod.owner.kind === 'Deployment')
      .map((pod) => ({
        component: String(componentOf(pod.labels)),
        env: environmentOf(pod.spec.containers[0]!, objects),
      }));
  };

  it('loads no tracing SDK by default: no deployable gets an OTLP endpoint, no egress opens', () => {
    expect(
      deployablesEnv()
        .filter(({ env }) => env.has('OTEL_EXPORTER_OTLP_ENDPOINT'))
        .map(({ component }) => component),
    ).toEqual([]);
    const names = renderChart([]).map((object) => object.metadata.name);
    expect(names.filter((name) => name.endsWith('-egress-otlp'))).toEqual([]);
  });

  it('gives every Node deployable the collector as OTEL_EXPORTER_OTLP_ENDPOINT, and lets them reach it', () => {
    const sets = { 'config.otlpEndpoint': COLLECTOR };
    const configured = deployablesEnv(sets)
      .filter(({ env }) => env.get('OTEL_EXPORTER_OTLP_ENDPOINT') === COLLECTOR)
      .map(({ component }) => component);
    expect(configured.sort()).toEqual(NODE_DEPLOYABLES);

    const policy = renderChart([], sets).find((object) =>
      object.metadata.name.endsWith('-egress-otlp'),
    ) as unknown as {
      spec: {
        podSelector: { matchExpressions: { values: string[] }[] };
        egress: { ports: { port: number }[] }[];
      };
    };
    expect(policy).toBeDefined();
    expect([...policy.spec.podSelector.matchExpressions[0]!.values].sort()).toEqual(
      NODE_DEPLOYABLES,
    );
    expect(policy.spec.egress[0]!.ports.map(({ port }) => port)).toEqual([4318]);
  });
});

describe('the event streams’ replicas (dependencies.nats.streamReplicas)', () => {
  /** EVENT_STREAM_REPLICAS of every Deployment and migration Job that has NATS, by pod. */
  const replicasByPod = (files: string[]) => {
    const objects = renderChart(files);
    return Object.fromEntries(
      podTemplates(objects)
        .map((pod) => ({ pod, env: environmentOf(pod.spec.containers[0]!, objects) }))
        .filter(({ env }) => env.has('NATS_URL'))
        .map(({ pod, env }) => [
          pod.owner.kind === 'Job'
            ? `migrate-${pod.labels['mcat-logbook/migrates']}`
            : String(componentOf(pod.labels)),
          env.get('EVENT_STREAM_REPLICAS'),
        ]),
    );
  };
  const everyPod = (replicas: string) =>
    Object.fromEntries(
      ['auth', 'tests', 'questions', 'billing'].flatMap((service) => [
        [service, replicas],
        [`migrate-${service}`, replicas],
      ]),
    );

  it.each([
    ['default', [], '1'],
    ['dev', ['values-dev.yaml'], '1'],
    ['prod (a three-node NATS)', ['values-prod.yaml'], '3'],
  ])(
    'gives every service with NATS and its migration Job the same setting from the %s values',
    (_name, files, replicas) => {
      expect(replicasByPod(files)).toEqual(everyPod(replicas));
    },
  );
});
