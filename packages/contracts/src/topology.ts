/**
 * The topology of the product, written once: which component calls which over HTTP, which events
 * and queued jobs flow where, and which infrastructure each component connects to. The README's
 * and docs/architecture.md's diagrams are generated from it (scripts/topology-diagram.ts); tests
 * hold the chart's NetworkPolicies (helm/test/network-policy.spec.ts) and the services' clients,
 * publishers and consumers (packages/runner/src/topology/code-topology.spec.ts) to it.
 *
 * Plain data on purpose: no service imports it at run time, so it is not in the package's barrel.
 */
import { EVENT_SUBJECTS, type EventSubject } from './events';
import { MAIL_JOBS, MAIL_QUEUE } from './mail';
import { REVIEW_REMINDER_CHECK_JOB, REVIEW_REMINDER_QUEUE } from './schemas/review-reminders';

export type ServiceName = 'auth' | 'tests' | 'questions' | 'billing' | 'mailer';
/**
 * What the chart deploys: the services, the gateway, the web app, the migration Jobs, the Job
 * that creates the service credential, the `helm test` Job and the backup CronJob.
 */
export type DeployableName =
  ServiceName | 'gateway' | 'frontend' | 'migrate' | 'credentials' | 'release-check' | 'backup';
/** Run beside the product (k8s/ has them for a dev cluster); the chart only reaches them. */
export type InfrastructureName = 'mongo' | 'nats' | 'redis';
/** Outside the product: who calls in (browser, Stripe's webhook) and what it calls out to. */
export type OutsideName = 'browser' | 'stripe' | 'smtp' | 'kubernetes-api';
export type ComponentName = DeployableName | InfrastructureName | OutsideName;

export interface Component {
  kind: 'deployable' | 'infrastructure' | 'outside';
  /** The diagram's label; a second line, if any, after `<br/>`. */
  label: string;
  /** The infrastructure it uses and what for; NATS is implied by the event flows it is part of. */
  uses?: Partial<Record<InfrastructureName, string>>;
  /** False when its callers are given its address (no DNS lookup to allow). */
  reachedByName?: boolean;
}

export interface HttpCall {
  from: readonly (DeployableName | OutsideName)[];
  to: DeployableName | OutsideName;
  /** `METHOD /path` with `:param` for path parameters, a path pattern, or the protocol spoken. */
  requests: readonly string[];
  /** Why, in a few words (the diagram shows it after the requests). */
  why?: string;
}

export interface EventFlow {
  subject: EventSubject;
  /** Null: declared in the contracts but published by no one yet. */
  publisher: ServiceName | null;
  consumers: readonly ServiceName[];
}

export interface QueueFlow {
  queue: string;
  store: InfrastructureName;
  producers: readonly ServiceName[];
  consumers: readonly ServiceName[];
  jobs: readonly string[];
}

export interface Topology {
  components: Record<ComponentName, Component>;
  calls: readonly HttpCall[];
  events: readonly EventFlow[];
  queues: readonly QueueFlow[];
}

/** The request every token verifier but auth (which reads its own keys) sends to auth. */
export const JWKS_REQUEST = 'GET /.well-known/jwks.json';

export const TOPOLOGY: Topology = {
  components: {
    browser: { kind: 'outside', label: 'Browser' },
    stripe: { kind: 'outside', label: 'Stripe' },
    smtp: { kind: 'outside', label: 'SMTP server<br/>npm start: the catcher, .data/mail/*.eml' },
    'kubernetes-api': {
      kind: 'outside',
      label: 'Kubernetes API server',
      // KUBERNETES_SERVICE_HOST, set by the kubelet in every container.
      reachedByName: false,
    },
    gateway: { kind: 'deployable', label: 'gateway', uses: { redis: 'rate limits' } },
    frontend: {
      kind: 'deployable',
      label: 'frontend<br/>the web app; npm start: the gateway serves frontend/dist',
    },
    auth: {
      kind: 'deployable',
      label: 'auth',
      uses: { mongo: 'mcat_auth', redis: 'session versions, rate limits' },
    },
    tests: {
      kind: 'deployable',
      label: 'tests',
      uses: { mongo: 'mcat_tests', redis: 'session versions' },
    },
    questions: {
      kind: 'deployable',
      label: 'questions',
      uses: { mongo: 'mcat_questions', redis: 'session versions, question lists' },
    },
    billing: {
      kind: 'deployable',
      label: 'billing',
      uses: { mongo: 'mcat_billing', redis: 'session versions, rate limits, checkout locks' },
    },
    mailer: { kind: 'deployable', label: 'mailer' },
    migrate: {
      kind: 'deployable',
      label: 'migrate<br/>cluster: a Job per service before install and upgrade',
      uses: { mongo: 'indexes', nats: 'streams' },
    },
    credentials: {
      kind: 'deployable',
      label: 'credentials<br/>cluster: a Job before install and upgrade',
    },
    'release-check': {
      kind: 'deployable',
      label: 'release-check<br/>cluster: helm test',
    },
    backup: {
      kind: 'deployable',
      label: 'backup<br/>cluster: a CronJob with backup.enabled; npm run backup / restore',
      uses: {
        mongo: 'the four databases',
        nats: 'streams deleted by a restore',
        redis: 'session versions cleared by a restore',
      },
    },
    mongo: { kind: 'infrastructure', label: 'MongoDB<br/>npm start: FerretDB' },
    nats: { kind: 'infrastructure', label: 'NATS JetStream' },
    redis: { kind: 'infrastructure', label: 'Redis' },
  },
  calls: [
    { from: ['browser'], to: 'frontend', requests: ['GET /'] },
    { from: ['browser'], to: 'gateway', requests: ['/api/*'] },
    { from: ['stripe'], to: 'gateway', requests: ['POST /api/billing/webhook'] },
    {
      from: ['release-check'],
      to: 'gateway',
      requests: ['GET /api/health', 'POST /api/auth/register', 'POST /api/tests'],
      why: "a student's first steps",
    },
    { from: ['gateway'], to: 'auth', requests: ['/api/auth/*'] },
    { from: ['gateway'], to: 'tests', requests: ['/api/tests/*'] },
    { from: ['gateway'], to: 'questions', requests: ['/api/questions/*'] },
    {
      from: ['gateway'],
      to: 'billing',
      requests: [
        '/api/billing/*',
        '/api/auth/apply-coupon',
        '/api/auth/create-payment-intent',
        '/api/auth/confirm-premium',
      ],
    },
    { from: ['gateway'], to: 'mailer', requests: ['GET /readyz'], why: 'health only' },
    {
      from: ['gateway', 'tests', 'questions', 'billing'],
      to: 'auth',
      requests: [JWKS_REQUEST],
      why: 'token keys',
    },
    {
      from: ['tests', 'questions'],
      to: 'auth',
      requests: ['GET /internal/users/:id'],
      why: 'plan read-through',
    },
    {
      from: ['billing'],
      to: 'auth',
      requests: ['GET /api/auth/me', 'POST /internal/users/:id/premium'],
      why: "the buyer's account, grant premium",
    },
    {
      from: ['questions'],
      to: 'tests',
      requests: ['GET /internal/tests/:id'],
      why: 'test read-through',
    },
    {
      from: ['auth'],
      to: 'tests',
      requests: ['GET /internal/tests/users/:id/export'],
      why: "the student's data export",
    },
    {
      from: ['auth'],
      to: 'questions',
      requests: ['GET /internal/questions/users/:id/export'],
      why: "the student's data export",
    },
    {
      from: ['auth'],
      to: 'questions',
      requests: ['GET /internal/questions/users/:id/review/due/count'],
      why: "a reminder's due count",
    },
    {
      from: ['auth'],
      to: 'billing',
      requests: ['GET /internal/billing/users/:id/export'],
      why: "the student's data export",
    },
    { from: ['billing'], to: 'stripe', requests: ['Stripe API'], why: 'stripe provider only' },
    { from: ['mailer'], to: 'smtp', requests: ['SMTP'] },
    {
      from: ['credentials'],
      to: 'kubernetes-api',
      requests: ['GET, POST, PATCH /api/v1/namespaces/:namespace/secrets'],
      why: 'the service credential, once',
    },
  ],
  events: [
    { subject: EVENT_SUBJECTS.userRegistered, publisher: 'auth', consumers: [] },
    { subject: EVENT_SUBJECTS.userUpdated, publisher: 'auth', consumers: ['tests', 'questions'] },
    {
      subject: EVENT_SUBJECTS.userDeleted,
      publisher: 'auth',
      consumers: ['tests', 'questions', 'billing'],
    },
    { subject: EVENT_SUBJECTS.testCreated, publisher: 'tests', consumers: ['questions'] },
    { subject: EVENT_SUBJECTS.testUpdated, publisher: 'tests', consumers: ['questions'] },
    { subject: EVENT_SUBJECTS.testDeleted, publisher: 'tests', consumers: ['questions'] },
    {
      subject: EVENT_SUBJECTS.premiumPurchased,
      publisher: 'billing',
      consumers: ['auth', 'tests', 'questions'],
    },
  ],
  queues: [
    {
      queue: MAIL_QUEUE,
      store: 'redis',
      producers: ['auth'],
      consumers: ['mailer'],
      jobs: Object.values(MAIL_JOBS),
    },
    {
      queue: REVIEW_REMINDER_QUEUE,
      store: 'redis',
      producers: ['auth'],
      consumers: ['auth'],
      jobs: [REVIEW_REMINDER_CHECK_JOB],
    },
  ],
};
