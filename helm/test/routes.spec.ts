/**
 * How students reach the product through an Ingress or a Gateway API HTTPRoute: /api to the
 * gateway, the rest to the web app, and the gateway's long routes (spreadsheets, decks, the data
 * export) given as long by the route as the gateway gives them, so that the controller in front
 * does not cut them at its default (60 s for ingress-nginx).
 */
import { PROXY_ROUTES } from '../../gateway/src/proxy/route-table';
import { RELEASE, VALUE_SETS, byKind, renderChart, type KubeObject } from './support/chart';

interface RouteRule {
  matches: { path: { type: string; value: string } }[];
  backendRefs: { name: string; port: number }[];
  timeouts?: { request: string };
}

interface IngressPath {
  path: string;
  pathType: string;
  backend: { service: { name: string; port: { name: string } } };
}

type Ingress = KubeObject & {
  spec: { ingressClassName?: string; rules: { host: string; http: { paths: IngressPath[] } }[] };
};

const LONG_PATHS = PROXY_ROUTES.filter((route) => route.long).map((route) => route.path);
const GATEWAY = `${RELEASE}-gateway`;
const FRONTEND = `${RELEASE}-frontend`;

const ingresses = (files: string[], sets?: Record<string, string>) =>
  byKind(renderChart(files, sets), 'Ingress') as Ingress[];

describe("the gateway's long routes", () => {
  it('are the ones the gateway waits longest for', () => {
    expect(LONG_PATHS.length).toBeGreaterThan(0);
    const long = ingresses(VALUE_SETS.default!).find((ingress) =>
      ingress.metadata.name.endsWith('-long'),
    );
    const paths = long!.spec.rules[0]!.http.paths;
    expect(paths.map((path) => path.path).sort()).toEqual([...LONG_PATHS].sort());
    for (const path of paths) {
      expect(path).toMatchObject({ pathType: 'Exact', backend: { service: { name: GATEWAY } } });
    }
  });
});

describe('the Ingress', () => {
  it('sends /api to the gateway and the rest to the web app, with the default timeouts', () => {
    const main = ingresses(VALUE_SETS.default!).find(
      (ingress) => ingress.metadata.name === RELEASE,
    );
    expect(main!.metadata.annotations ?? {}).not.toHaveProperty(
      'nginx.ingress.kubernetes.io/proxy-read-timeout',
    );
    expect(
      main!.spec.rules[0]!.http.paths.map((path) => [path.path, path.backend.service.name]),
    ).toEqual([
      ['/api', GATEWAY],
      ['/', FRONTEND],
    ]);
  });

  it("gives the long routes ingress-nginx's timeouts of the gateway's wait plus 30 s", () => {
    const long = (sets?: Record<string, string>) =>
      ingresses(VALUE_SETS.default!, sets).find((ingress) =>
        ingress.metadata.name.endsWith('-long'),
      )!.metadata.annotations;
    expect(long()).toMatchObject({
      'nginx.ingress.kubernetes.io/proxy-read-timeout': '150',
      'nginx.ingress.kubernetes.io/proxy-send-timeout': '150',
    });
    expect(long({ 'gateway.env.UPSTREAM_LONG_TIMEOUT_MS': '600000' })).toMatchObject({
      'nginx.ingress.kubernetes.io/proxy-read-timeout': '630',
    });
    // Another controller's Ingress gets the chart's annotations only.
    expect(
      long({ 'ingress.className': 'traefik', 'ingress.annotations.example\\.org/owner': 'ops' }),
    ).toEqual({ 'example.org/owner': 'ops' });
  });
});

describe('the HTTPRoute', () => {
  const route = () => {
    const [only, ...more] = byKind(
      renderChart(VALUE_SETS['http route']!),
      'HTTPRoute',
    ) as (KubeObject & {
      spec: { parentRefs: unknown[]; hostnames: string[]; rules: RouteRule[] };
    })[];
    expect(more).toEqual([]);
    return only!;
  };

  it('is rendered only when enabled, and then instead of the Ingress here', () => {
    expect(byKind(renderChart(VALUE_SETS.default!), 'HTTPRoute')).toEqual([]);
    expect(ingresses(VALUE_SETS['http route']!)).toEqual([]);
    expect(route().spec).toMatchObject({
      parentRefs: [{ name: 'web', namespace: 'gateway-system', sectionName: 'https' }],
      hostnames: ['logbook.example.org'],
    });
  });

  it('sends the long routes to the gateway with its wait plus 30 s, /api to it, the rest to the web app', () => {
    const [long, api, rest, ...more] = route().spec.rules;
    expect(more).toEqual([]);
    expect(long!.matches.map((match) => match.path)).toEqual(
      LONG_PATHS.map((value) => ({ type: 'Exact', value })),
    );
    expect(long).toMatchObject({
      backendRefs: [{ name: GATEWAY, port: 8080 }],
      timeouts: { request: '330s' },
    });
    expect(api).toEqual({
      matches: [{ path: { type: 'PathPrefix', value: '/api' } }],
      backendRefs: [{ name: GATEWAY, port: 8080 }],
    });
    expect(rest).toEqual({
      matches: [{ path: { type: 'PathPrefix', value: '/' } }],
      backendRefs: [{ name: FRONTEND, port: 8080 }],
    });
  });
});
