import Fastify, { type FastifyInstance } from 'fastify';
import type { Type } from '@nestjs/common';
import { API_ROUTES, type ApiRoute } from '@mcat/contracts';
import { parseConfig } from '@mcat/service-kit';
import { controllerRoutes } from '@mcat/test-support/api-routes-suite';
import { GatewayModule } from '../src/app.module';
import { gatewayEnvSchema } from '../src/config';
import { PROXY_ROUTES, UNROUTED_PATHS, type ProxyRoute } from '../src/proxy/route-table';
import { REQUIRED_ENV } from './support/required-env';

const SAMPLE_ID = '665f1c2e9b1e8a3d4c5b6a79';
const UNROUTED = 'unrouted';

/**
 * A router with the gateway's own patterns (PROXY_ROUTES and the 404 catch-alls, as
 * proxy.plugin.ts registers them), answering which pattern a request matched.
 */
async function gatewayRouter(routes: readonly ProxyRoute[]): Promise<FastifyInstance> {
  const router = Fastify();
  for (const route of routes) {
    router.all(route.path, () => ({ path: route.path }));
  }
  for (const path of UNROUTED_PATHS) router.all(path, () => ({ path: UNROUTED }));
  await router.ready();
  return router;
}

async function matchedRoute(
  router: FastifyInstance,
  routes: readonly ProxyRoute[],
  described: ApiRoute,
): Promise<ProxyRoute | undefined> {
  const url = described.path.replace(/:\w+/g, SAMPLE_ID);
  const response = await router.inject({ method: described.method, url });
  const { path } = response.json<{ path: string }>();
  return routes.find((route) => route.path === path);
}

/**
 * Where the gateway's forwarding and the descriptions disagree: a described route the gateway
 * would not forward (or would forward elsewhere, or check differently), a forwarded exact path
 * nothing describes, a gateway route forwarded instead of answered.
 */
async function forwardingDifferences(
  described: readonly ApiRoute[],
  routes: readonly ProxyRoute[],
): Promise<string[]> {
  const router = await gatewayRouter(routes);
  const differences: string[] = [];
  try {
    for (const route of described) {
      const name = `${route.method} ${route.path}`;
      const match = await matchedRoute(router, routes, route);
      if (route.service === 'gateway') {
        if (match) differences.push(`${name} is the gateway's own but ${match.path} forwards it`);
      } else if (!match) {
        differences.push(`${name} is described but not forwarded`);
      } else if (match.service !== route.service) {
        differences.push(`${name} goes to ${match.service}, described in ${route.service}`);
      } else if ((match.public === true) !== (route.public === true)) {
        differences.push(
          `${name}: described public ${route.public === true}, ${match.path} public ${match.public === true}`,
        );
      }
    }
    const describedPaths = new Set(described.map((route) => route.path));
    for (const route of routes) {
      if (route.path.endsWith('*') || describedPaths.has(route.path)) continue;
      // A service's bare prefix (`/api/billing` beside `/api/billing/*`) goes to its service so
      // that it answers there, as the rest of the prefix does, even with no route of its own.
      if (routes.some((other) => other.path === `${route.path}/*`)) continue;
      differences.push(`${route.path} is forwarded but nothing describes it`);
    }
  } finally {
    await router.close();
  }
  return differences;
}

/** The gateway's own `/api/` routes, from its controllers' Nest metadata. */
function gatewayControllerRoutes(): string[] {
  const config = parseConfig(gatewayEnvSchema, REQUIRED_ENV);
  const controllers = (GatewayModule.register(config).controllers ?? []) as Type[];
  return controllerRoutes(controllers)
    .map((route) => `${route.method} ${route.path}`)
    .sort();
}

describe('the gateway and the API description (API_ROUTES)', () => {
  it('forwards every described service route to its service, with the same token check', async () => {
    expect(await forwardingDifferences(API_ROUTES, PROXY_ROUTES)).toEqual([]);
  });

  it("describes exactly the gateway's own /api routes", () => {
    const described = API_ROUTES.filter((route) => route.service === 'gateway')
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    expect(gatewayControllerRoutes()).toEqual(described);
  });

  it('reports a described route it would not forward, and a forwarded path not described', async () => {
    const withoutLogin = PROXY_ROUTES.filter((route) => route.path !== '/api/auth/login');
    const withUndescribed: ProxyRoute[] = [
      ...PROXY_ROUTES,
      { path: '/api/tests/undescribed', service: 'tests' },
    ];
    expect(await forwardingDifferences(API_ROUTES, withoutLogin)).toEqual([
      'POST /api/auth/login: described public true, /api/auth/* public false',
    ]);
    expect(await forwardingDifferences(API_ROUTES, withUndescribed)).toEqual([
      '/api/tests/undescribed is forwarded but nothing describes it',
    ]);
    const elsewhere = API_ROUTES.map((route) =>
      route.path === '/api/tests' ? { ...route, service: 'questions' as const } : route,
    );
    expect(await forwardingDifferences(elsewhere, PROXY_ROUTES)).toEqual([
      'GET /api/tests goes to tests, described in questions',
      'POST /api/tests goes to tests, described in questions',
    ]);
  });
});
