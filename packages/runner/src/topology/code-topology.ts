/**
 * What the source says about the topology, read from the text of the services' and the kit's
 * sources (tests and the kit's test doubles left out): the events each service publishes
 * (`outboxEvent(...)`) and consumes (`@EventPattern(...)`), its `/internal/*` requests and their
 * owners (`@Controller('internal/...')`, or `internalPath: 'internal/...'` given to the kit's
 * AccountDataModule), the queues it fills or works (`new Queue(...)`, `new Worker(...)`), and the
 * services the gateway forwards to. A file of the kit counts for every service that imports the kit
 * module of its folder (the plan read-through and plan events reach tests and questions through
 * PlansModule, `auth.user.deleted` reaches tests, questions and billing through AccountDataModule).
 * Read as text, the gateway's too: scripts never import an app's code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { EVENT_SUBJECTS } from '../../../contracts/src/events';
import { MAIL_QUEUE } from '../../../contracts/src/mail';
import { REVIEW_REMINDER_QUEUE } from '../../../contracts/src/schemas/review-reminders';
import type { ServiceName } from '../../../contracts/src/topology';
import { REPO_ROOT } from './doc-block';

/** The gateway's PROXY_ROUTES: `{ path: '/api/…', service: '<name>' }` each. */
export const ROUTE_TABLE = 'gateway/src/proxy/route-table.ts';

export const SERVICES: readonly ServiceName[] = ['auth', 'tests', 'questions', 'billing', 'mailer'];

/** A fact found in the code and the file it was found in (relative to the repository). */
export interface Found<T> {
  fact: T;
  file: string;
}

export interface CodeTopology {
  published: Found<{ service: ServiceName; subject: string }>[];
  consumed: Found<{ service: ServiceName; subject: string }>[];
  /** `to` is null when no service has a controller for the path. */
  internalCalls: Found<{ from: ServiceName; to: ServiceName | null; path: string }>[];
  queues: Found<{ service: ServiceName; queue: string; role: 'producer' | 'consumer' }>[];
  /** The services the gateway's route table forwards to. */
  routed: ServiceName[];
}

/** The constants a subject or queue is written with, by the name the code uses. */
const CONSTANTS: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(EVENT_SUBJECTS).map(([key, subject]) => [`EVENT_SUBJECTS.${key}`, subject]),
  ),
  MAIL_QUEUE,
  REVIEW_REMINDER_QUEUE,
};

/** A literal or a known constant as its value; anything else as it is written, to be reported. */
const valueOf = (argument: string): string =>
  /^'([^']*)'$/.exec(argument)?.[1] ?? CONSTANTS[argument] ?? `unreadable: ${argument}`;

// Comments mention paths and subjects in prose; only code counts. Strings are matched first so
// that a `/*` or `//` inside one (a route pattern, a URL) is not taken for a comment.
const withoutComments = (text: string): string =>
  text.replace(
    /('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g,
    (_comment, literal: string | undefined) => literal ?? '',
  );

interface Source {
  file: string;
  text: string;
}

function sourcesUnder(root: string, dir: string): Source[] {
  const absolute = path.join(root, dir);
  return fs.readdirSync(absolute, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.relative(root, path.join(entry.parentPath, entry.name));
    const skipped =
      !entry.isFile() ||
      !entry.name.endsWith('.ts') ||
      entry.name.endsWith('.spec.ts') ||
      file.split(path.sep).includes('testing');
    return skipped
      ? []
      : [{ file, text: withoutComments(fs.readFileSync(path.join(root, file), 'utf8')) }];
  });
}

const matches = (text: string, pattern: RegExp): string[] =>
  [...text.matchAll(pattern)].map((match) => match[1]!.trim());

/** `${anything}` and `:name` alike become `:param`, so a client and the topology compare. */
export const pathPattern = (raw: string): string =>
  raw.replace(/\$\{[^}]*\}/g, ':param').replace(/:\w+/g, ':param');

export function readCodeTopology(root = REPO_ROOT): CodeTopology {
  const own = new Map(
    SERVICES.map((service) => [service, sourcesUnder(root, `services/${service}/src`)]),
  );
  const kit = sourcesUnder(root, 'packages/service-kit/src');
  const kitFolder = (source: Source) => path.dirname(source.file);
  /**
   * The services that import the module declared in this kit file's folder from the kit (a class of
   * the service's own by the same name, as auth's AccountDataModule, is not the kit's).
   */
  const kitUsers = (source: Source): ServiceName[] => {
    const modules = kit
      .filter((candidate) => kitFolder(candidate) === kitFolder(source))
      .flatMap((candidate) => matches(candidate.text, /export class (\w+Module)\b/g));
    return SERVICES.filter((service) =>
      modules.some((module) =>
        own
          .get(service)!
          .some((file) =>
            new RegExp(`import \\{[^}]*\\b${module}\\b[^}]*\\} from '@mcat/service-kit'`).test(
              file.text,
            ),
          ),
      ),
    );
  };
  const attributed: { service: ServiceName; source: Source }[] = [
    ...SERVICES.flatMap((service) => own.get(service)!.map((source) => ({ service, source }))),
    ...kit.flatMap((source) => kitUsers(source).map((service) => ({ service, source }))),
  ];
  const find = <T>(pattern: RegExp, fact: (value: string, service: ServiceName) => T) =>
    attributed.flatMap(({ service, source }) =>
      matches(source.text, pattern).map((value) => ({
        fact: fact(value, service),
        file: source.file,
      })),
    );

  const owners = SERVICES.flatMap((service) =>
    own
      .get(service)!
      .flatMap((source) =>
        matches(source.text, /(?:@Controller\(|\binternalPath:)\s*'(internal\/[^']*)'/g),
      )
      .map((prefix) => ({ service, prefix: `/${prefix}` })),
  );
  const ownerOf = (requested: string): ServiceName | null =>
    owners.find(({ prefix }) => requested === prefix || requested.startsWith(`${prefix}/`))
      ?.service ?? null;
  const clientFiles = (pattern: RegExp) =>
    find(pattern, (raw, service) => ({ raw, service })).filter(
      ({ file }) => !file.endsWith('.controller.ts'),
    );

  return {
    published: find(/\boutboxEvent\(\s*([^,)]+)/g, (argument, service) => ({
      service,
      subject: valueOf(argument),
    })),
    consumed: find(/@EventPattern\(\s*([^,)]+)/g, (argument, service) => ({
      service,
      subject: valueOf(argument),
    })),
    internalCalls: clientFiles(/['`](\/internal\/[^'`]*)['`]/g).map(({ fact, file }) => ({
      fact: { from: fact.service, to: ownerOf(fact.raw), path: pathPattern(fact.raw) },
      file,
    })),
    queues: [
      ...find(/\bnew Queue\(\s*([^,)]+)/g, (argument, service) => ({
        service,
        queue: valueOf(argument),
        role: 'producer' as const,
      })),
      ...find(/\bnew Worker\(\s*([^,)]+)/g, (argument, service) => ({
        service,
        queue: valueOf(argument),
        role: 'consumer' as const,
      })),
    ],
    routed: [
      ...new Set(
        matches(
          withoutComments(fs.readFileSync(path.join(root, ROUTE_TABLE), 'utf8')),
          /\bservice: '(\w+)'/g,
        ),
      ),
    ] as ServiceName[],
  };
}
