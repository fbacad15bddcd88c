/**
 * The check that a service's controllers and its entries in API_ROUTES (the source of the OpenAPI
 * document, docs/api.md) agree: every route described, every description routed, alike in token
 * check, role, idempotency and success status. Each service's test/api-routes.spec.ts runs it.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Controller, Get, RequestMethod, type Type } from '@nestjs/common';
import {
  CONTROLLER_WATERMARK,
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
} from '@nestjs/common/constants';
import {
  API_ROUTES,
  routeDifferences,
  routeFactsOf,
  type ApiRoute,
  type RouteFacts,
} from '@mcat/contracts';
import { IdempotencyInterceptor, IS_PUBLIC, REQUIRED_ROLES } from '@mcat/service-kit';

const joinPath = (...parts: string[]): string =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;

const pathsOf = (target: object): string[] =>
  [Reflect.getMetadata(PATH_METADATA, target) as string | string[]].flat();

/**
 * The routes of these controllers as Nest registers them (its own metadata), with what their
 * description must agree on. Only the public API: `/internal/*`, `/healthz`, `/metrics` and the
 * like are not under `/api/`.
 */
export function controllerRoutes(controllers: readonly Type[]): RouteFacts[] {
  return controllers
    .flatMap((controller) => {
      const prototype = controller.prototype as Record<string, unknown>;
      return Object.getOwnPropertyNames(prototype).flatMap((name) => {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') return [];
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) return [];
        const own = (key: string): unknown =>
          Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller);
        const interceptors = [handler, controller].flatMap(
          (target) => (Reflect.getMetadata(INTERCEPTORS_METADATA, target) as unknown[]) ?? [],
        );
        const roles = own(REQUIRED_ROLES) as string[] | undefined;
        const facts = {
          method: RequestMethod[method],
          public: own(IS_PUBLIC) === true,
          role: roles ? roles.join(',') : null,
          idempotent: interceptors.includes(IdempotencyInterceptor),
          status:
            (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ??
            (method === RequestMethod.POST ? 201 : 200),
        };
        return pathsOf(controller).flatMap((base) =>
          pathsOf(handler).map((handlerPath) => ({ ...facts, path: joinPath(base, handlerPath) })),
        );
      });
    })
    .filter((route) => route.path.startsWith('/api/'));
}

/** Every controller class under a service's src, so a new controller file is compared unlisted. */
async function sourceControllers(source: string): Promise<Type[]> {
  const files = readdirSync(source, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.controller.ts'),
  );
  const modules = await Promise.all(
    files.map((file) => import(path.join(source, file)) as Promise<Record<string, unknown>>),
  );
  return modules
    .flatMap((exported) => Object.values(exported))
    .filter(
      (value): value is Type =>
        typeof value === 'function' && Reflect.getMetadata(CONTROLLER_WATERMARK, value) === true,
    );
}

/** The jest suite comparing the service's controllers under `source` with its API_ROUTES. */
export function describeApiRoutes(service: ApiRoute['service'], source: string): void {
  const described = API_ROUTES.filter((route) => route.service === service).map(routeFactsOf);

  describe(`the ${service} service's routes and their descriptions (API_ROUTES)`, () => {
    let controllers: Type[];

    beforeAll(async () => {
      controllers = await sourceControllers(source);
    });

    it('match: every route is described, every description has its route, alike', () => {
      expect(controllers.length).toBeGreaterThan(0);
      expect(routeDifferences(described, controllerRoutes(controllers))).toEqual([]);
    });

    it('differ when a controller has a route without a description, or loses one', () => {
      @Controller(`api/${service}`)
      class UndescribedController {
        @Get('undescribed')
        undescribed(): void {}
      }
      const found = controllerRoutes([...controllers, UndescribedController]);
      const withoutFirst = found.filter((route) => route.path !== described[0]?.path);
      expect(routeDifferences(described, found)).toEqual([
        `GET /api/${service}/undescribed has no description in API_ROUTES`,
      ]);
      expect(routeDifferences(described, withoutFirst)).toContain(
        `${described[0]?.method} ${described[0]?.path} is described but has no route`,
      );
    });
  });
}
