import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { CHART_DIR, runHelm, templateArgs } from './support/chart';

/** Renders the chart with one extra values file written from `yamlText`. */
function renderWith(yamlText: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-values-'));
  const file = path.join(dir, 'values.yaml');
  fs.writeFileSync(file, yamlText);
  try {
    return runHelm(templateArgs([file]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('values the chart refuses', () => {
  it.each([
    ['an image tagged latest', 'image:\n  tag: latest\n', '/image/tag'],
    ['a deployable image tagged latest', 'auth:\n  image:\n    tag: latest\n', '/auth/image/tag'],
    ['a misspelt top-level setting', 'ingres:\n  enabled: false\n', 'ingres'],
    [
      'a negative replica count',
      'workloadDefaults:\n  replicaCount: -1\n',
      '/workloadDefaults/replicaCount',
    ],
    [
      'a MongoDB URL that is not mongodb://',
      'dependencies:\n  mongodb:\n    url: postgres://db:5432\n',
      '/dependencies/mongodb/url',
    ],
    [
      'a Redis URL that is not redis://',
      'dependencies:\n  redis:\n    url: http://redis:6379\n',
      '/dependencies/redis/url',
    ],
    [
      'an unknown payment provider',
      'billing:\n  paymentProvider: paypal\n',
      '/billing/paymentProvider',
    ],
    [
      'the dev payment provider in production',
      'billing:\n  paymentProvider: dev\n  stripe:\n    existingSecret: ""\n',
      '/billing/paymentProvider',
    ],
    ['an unknown log level', 'config:\n  logLevel: verbose\n', '/config/logLevel'],
    [
      'no event stream replicas',
      'dependencies:\n  nats:\n    streamReplicas: 0\n',
      '/dependencies/nats/streamReplicas',
    ],
    [
      'more event stream replicas than JetStream keeps',
      'dependencies:\n  nats:\n    streamReplicas: 7\n',
      '/dependencies/nats/streamReplicas',
    ],
    [
      'an OTLP endpoint that is not an http(s) URL',
      'config:\n  otlpEndpoint: otel-collector:4318\n',
      '/config/otlpEndpoint',
    ],
    [
      'JWT keys neither given nor referenced',
      'auth:\n  jwt:\n    existingSecret: ""\n',
      '/auth/jwt/privateKey',
    ],
    [
      'an SMTP URL that is not smtp://',
      'mailer:\n  smtp:\n    existingSecret: ""\n    url: http://mail\n',
      '/mailer/smtp/url',
    ],
    [
      'a lower-case environment variable name',
      'gateway:\n  env:\n    body_limit: "1"\n',
      'body_limit',
    ],
    ['no ingress host', 'ingress:\n  hosts: []\n', '/ingress/hosts'],
    [
      'a study guide link without a url',
      'gateway:\n  guideResources:\n    - title: Anki\n',
      '/gateway/guideResources/0',
    ],
    [
      'a study guide link that is not http(s)',
      'gateway:\n  guideResources:\n    - title: Anki\n      url: ftp://apps.ankiweb.net/\n',
      '/gateway/guideResources/0/url',
    ],
    [
      'a misspelt study guide link field',
      'gateway:\n  guideResources:\n    - title: Anki\n      url: https://apps.ankiweb.net/\n      descripton: Flashcards\n',
      'descripton',
    ],
  ])('refuses %s, naming the setting', (_case, values, setting) => {
    const result = renderWith(values);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("values don't meet the specifications of the schema");
    expect(result.stderr).toContain(setting);
  });

  it('refuses the stripe provider without its keys when the chart creates the Secret', () => {
    const result = renderWith('billing:\n  stripe:\n    existingSecret: ""\n');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(
      'billing.stripe.secretKey (or billing.stripe.existingSecret) is required',
    );
  });

  it('accepts a pinned digest from a build tool (tag@sha256)', () => {
    const digest = `sha256:${'a'.repeat(64)}`;
    const result = renderWith(
      `gateway:\n  image:\n    repository: registry.example.org/gateway\n    tag: "v1@${digest}"\n`,
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`image: "registry.example.org/gateway:v1@${digest}"`);
  });
});

describe('helm/README.md', () => {
  /** Settings described as a whole (Kubernetes structures), not field by field. */
  const WHOLE = new Set(['resources', 'namespaceSelector', 'podSelector', 'egress']);

  /** Every leaf of values.yaml as a dotted path (lists and Kubernetes structures count as leaves). */
  const leaves = (value: unknown, prefix = ''): string[] =>
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0 &&
    !WHOLE.has(prefix.split('.').pop() ?? '')
      ? Object.entries(value).flatMap(([key, child]) =>
          leaves(child, prefix ? `${prefix}.${key}` : key),
        )
      : [prefix];

  it('describes every value of values.yaml', () => {
    const values = parse(fs.readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8')) as unknown;
    const readme = fs.readFileSync(path.join(CHART_DIR, 'README.md'), 'utf8');
    const undocumented = leaves(values).filter((key) => !readme.includes(`\`${key}\``));
    expect(undocumented).toEqual([]);
  });
});
