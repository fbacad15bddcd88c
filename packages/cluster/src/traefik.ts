/**
 * The test clusters' ingress controller, as an ops team's cluster would have one: Traefik v3
 * (built from its Go module, a tool of GO_TOOLS, packed as an image like Prometheus), serving both
 * the chart's Ingress (IngressClass `traefik`) and its Gateway API HTTPRoute (GatewayClass
 * `traefik`, Gateway `web`), with the Gateway API's CRDs of the version Traefik is built against.
 * Its entry point is reached from the host through a relay: one address for the web app and /api,
 * as students reach the product (values-traefik.yaml names the host names).
 * See docs/adr/0036-traefik-on-the-test-cluster.md.
 */
import http from 'node:http';
import { GO_TOOLS } from '@mcat/runner/tools';
import { freePort } from '@mcat/runner/infra';
import { kubectlOk, type Cluster } from './cluster';
import { installCustomResources } from './custom-resources';
import { isAlive, readDaemon, waitFor } from './daemons';
import { readRelayPort, relayDaemons, startRelay } from './forward';
import { ensureImageArchive, importImage, type GoImage } from './images';

export const TRAEFIK_IMAGE: GoImage = {
  program: 'traefik',
  tool: 'traefik',
  reference: `localhost/traefik:${GO_TOOLS.traefik.version}`,
  user: 65532,
};

export const TRAEFIK_NAMESPACE = 'traefik';
const NAME = 'traefik';
const LABELS = { 'app.kubernetes.io/name': NAME };
/** The entry point the Ingress routers and the Gateway's listener share (same port). */
const WEB_PORT = 8000;
/** Traefik's own entry point: /ping for the probes. */
const PING_PORT = 8080;
/**
 * How long the entry point reads a request: the chart's long routes (an Excel import) may take
 * up to the gateway's 120 s upstream timeout plus the chart's 30 s margin
 * (mcat.longRouteTimeoutSeconds), which Traefik's 60 s default would cut. Traefik does not read an
 * HTTPRoute's `timeouts` nor Ingress annotations for this; it waits for an answer without limit.
 */
const READ_TIMEOUT_SECONDS = 150;

/** The host names the chart's Ingress and HTTPRoute answer on the test cluster (values-traefik.yaml). */
export const INGRESS_HOST = 'mcat-logbook.localhost';
export const ROUTE_HOST = 'route.mcat-logbook.localhost';

/** The Gateway API resources Traefik watches (its RBAC's list), as CRDs of the standard channel. */
const GATEWAY_API_KINDS = [
  'gatewayclasses',
  'gateways',
  'httproutes',
  'grpcroutes',
  'referencegrants',
  'backendtlspolicies',
] as const;

/** Traefik's objects: its RBAC, Deployment and Service, the IngressClass, GatewayClass and Gateway. */
export function traefikObjects(): object[] {
  const meta = (name: string) => ({ name, namespace: TRAEFIK_NAMESPACE, labels: LABELS });
  const watch = ['get', 'list', 'watch'];
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: TRAEFIK_NAMESPACE } },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(NAME) },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: NAME, labels: LABELS },
      rules: [
        { apiGroups: [''], resources: ['namespaces', 'nodes'], verbs: ['list', 'watch'] },
        { apiGroups: [''], resources: ['services', 'secrets', 'configmaps'], verbs: watch },
        { apiGroups: ['discovery.k8s.io'], resources: ['endpointslices'], verbs: watch },
        {
          apiGroups: ['networking.k8s.io'],
          resources: ['ingresses', 'ingressclasses'],
          verbs: watch,
        },
        { apiGroups: ['networking.k8s.io'], resources: ['ingresses/status'], verbs: ['update'] },
        {
          apiGroups: ['gateway.networking.k8s.io'],
          resources: [...GATEWAY_API_KINDS],
          verbs: watch,
        },
        {
          apiGroups: ['gateway.networking.k8s.io'],
          resources: GATEWAY_API_KINDS.map((kind) => `${kind}/status`),
          verbs: ['update'],
        },
      ],
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: NAME, labels: LABELS },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: NAME },
      subjects: [{ kind: 'ServiceAccount', name: NAME, namespace: TRAEFIK_NAMESPACE }],
    },
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: meta(NAME),
      spec: {
        replicas: 1,
        selector: { matchLabels: LABELS },
        template: {
          metadata: { labels: LABELS },
          spec: {
            serviceAccountName: NAME,
            // Its image is imported into node 0's containerd only; node 0 is never the lost one.
            nodeSelector: { 'kubernetes.io/hostname': 'mcat-node' },
            securityContext: {
              runAsNonRoot: true,
              runAsUser: TRAEFIK_IMAGE.user,
              runAsGroup: TRAEFIK_IMAGE.user,
              seccompProfile: { type: 'RuntimeDefault' },
            },
            containers: [
              {
                name: NAME,
                image: TRAEFIK_IMAGE.reference,
                imagePullPolicy: 'Never',
                args: [
                  `--entryPoints.web.address=:${WEB_PORT}`,
                  `--entryPoints.web.transport.respondingTimeouts.readTimeout=${READ_TIMEOUT_SECONDS}s`,
                  `--entryPoints.traefik.address=:${PING_PORT}`,
                  '--ping=true',
                  '--providers.kubernetesIngress=true',
                  '--providers.kubernetesGateway=true',
                  '--log.level=INFO',
                ],
                ports: [
                  { name: 'web', containerPort: WEB_PORT },
                  { name: 'ping', containerPort: PING_PORT },
                ],
                readinessProbe: { httpGet: { path: '/ping', port: 'ping' }, periodSeconds: 2 },
                securityContext: {
                  allowPrivilegeEscalation: false,
                  readOnlyRootFilesystem: true,
                  capabilities: { drop: ['ALL'] },
                },
              },
            ],
          },
        },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: meta(NAME),
      spec: { selector: LABELS, ports: [{ name: 'web', port: 80, targetPort: 'web' }] },
    },
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'IngressClass',
      metadata: { name: NAME, labels: LABELS },
      spec: { controller: 'traefik.io/ingress-controller' },
    },
    {
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'GatewayClass',
      metadata: { name: NAME, labels: LABELS },
      spec: { controllerName: 'traefik.io/gateway-controller' },
    },
    {
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'Gateway',
      metadata: meta('web'),
      spec: {
        gatewayClassName: NAME,
        listeners: [
          {
            name: 'http',
            protocol: 'HTTP',
            port: WEB_PORT,
            allowedRoutes: { namespaces: { from: 'All' } },
          },
        ],
      },
    },
  ];
}

/**
 * The Gateway API's CRDs, then Traefik with its classes and Gateway, rolled out; before the
 * chart, whose HTTPRoute needs the CRDs.
 */
export function installTraefik(cluster: Cluster): void {
  installCustomResources(cluster, 'gateway.networking.k8s.io', GATEWAY_API_KINDS);
  importImage(cluster.layout, ensureImageArchive(TRAEFIK_IMAGE));
  kubectlOk(
    cluster,
    ['apply', '-f', '-'],
    JSON.stringify({ apiVersion: 'v1', kind: 'List', items: traefikObjects() }),
  );
  kubectlOk(cluster, [
    ...['rollout', 'status', '-n', TRAEFIK_NAMESPACE, `deployment/${NAME}`],
    '--timeout=120s',
  ]);
}

/** An answer through Traefik's relay for a request with `host` in its Host header. */
export interface HostAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request to Traefik's relay on the host's loopback as a browser would send it to `host` (no
 * resolver needed for the name): the Host header picks the Ingress's or the HTTPRoute's routers.
 */
export function requestThroughTraefik(
  port: number,
  host: string,
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HostAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: init.method ?? 'GET',
        headers: { ...init.headers, host: `${host}:${port}` },
        timeout: 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer from ${host}${pathname}`)));
    request.on('error', reject);
    request.end(init.body);
  });
}

/**
 * Traefik's entry point on the host's loopback (a relay to its Service), kept if it runs;
 * resolves with the relay's port once the gateway answers there through the Ingress's host.
 */
export async function forwardTraefik(cluster: Cluster): Promise<number> {
  const running = relayDaemons(NAME).every((name) => {
    const record = readDaemon(cluster.layout, name);
    return record !== null && isAlive(record);
  });
  let port = readRelayPort(cluster.layout, NAME);
  if (!running || port === null) {
    const clusterIp = kubectlOk(cluster, [
      ...['get', 'service', '-n', TRAEFIK_NAMESPACE, NAME],
      ...['-o', 'jsonpath={.spec.clusterIP}'],
    ]);
    port = await freePort();
    await startRelay(cluster.layout, NAME, `${clusterIp}:80`, port);
  }
  const relay = port;
  await waitFor(
    'the gateway through Traefik',
    () =>
      requestThroughTraefik(relay, INGRESS_HOST, '/api/health').then(
        (answer) => answer.status === 200,
        () => false,
      ),
    60_000,
  );
  return relay;
}
