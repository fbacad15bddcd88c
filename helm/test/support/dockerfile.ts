/** A small Dockerfile reader: instructions (continuations joined, comments dropped) per stage. */
export interface Instruction {
  keyword: string;
  args: string;
}
export interface Stage {
  base: string;
  name: string | undefined;
  instructions: Instruction[];
}

export function parseDockerfile(text: string): { args: Instruction[]; stages: Stage[] } {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const args: Instruction[] = [];
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: rest.trim() };
    if (instruction.keyword === 'FROM') {
      const [, base = '', name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args) ?? [];
      stages.push({ base, name, instructions: [] });
    } else if (stages.length === 0) {
      args.push(instruction);
    } else {
      stages[stages.length - 1]!.instructions.push(instruction);
    }
  }
  return { args, stages };
}

/** Sources and destination of a COPY, with its --from stage if any. */
export function copyOf(instruction: Instruction): {
  from?: string;
  sources: string[];
  destination: string;
} {
  const words = instruction.args.split(/\s+/);
  const flags = words.filter((word) => word.startsWith('--'));
  const paths = words.filter((word) => !word.startsWith('--'));
  const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
  return { from, sources: paths.slice(0, -1), destination: paths[paths.length - 1] ?? '' };
}

/** The commands of a shell line, split on `&&` and `;`. */
const commandsOf = (line: string): string[][] =>
  line
    .split(/&&|;/)
    .map((command) => command.trim().split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0);

const unquote = (word: string) => word.replace(/^['"]|['"]$/g, '');

/** What `rm -rf <paths>` removes in these RUN lines. */
export function removedByRm(lines: string[]): string[] {
  return lines
    .flatMap(commandsOf)
    .filter(([command, ...flags]) => command === 'rm' && flags.some((flag) => /^-\w*r/.test(flag)))
    .flatMap((words) =>
      words
        .slice(1)
        .filter((word) => !word.startsWith('-'))
        .map(unquote),
    );
}

/**
 * What `find <dirs> ( -name <glob> -o ... ) -delete` deletes in these RUN lines: for each folder,
 * the name patterns deleted under it.
 */
export function deletedByFind(lines: string[]): Map<string, string[]> {
  const deleted = new Map<string, string[]>();
  for (const words of lines.flatMap(commandsOf)) {
    if (words[0] !== 'find' || words[words.length - 1] !== '-delete') continue;
    const firstTest = words.findIndex((word, index) => index > 0 && /^[-\\(!]/.test(word));
    const folders = words.slice(1, firstTest);
    const names = words
      .map((word, index) => (word === '-name' ? unquote(words[index + 1] ?? '') : undefined))
      .filter((name): name is string => name !== undefined);
    for (const folder of folders) deleted.set(folder, [...(deleted.get(folder) ?? []), ...names]);
  }
  return deleted;
}

/**
 * The Dockerfile as built with these build args: `${NAME}` and `$NAME` replaced, global ARG
 * defaults (before the first FROM) applied to names the build does not set.
 */
export function withBuildArgs(text: string, buildArgs: Record<string, string>): string {
  const defaults = Object.fromEntries(
    parseDockerfile(text)
      .args.filter((instruction) => instruction.keyword === 'ARG')
      .map((instruction) => instruction.args.split('='))
      .filter((pair): pair is [string, string] => pair.length === 2),
  );
  const values: Record<string, string> = { ...defaults, ...buildArgs };
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (match, braced?: string, bare?: string) => {
    const value = values[(braced ?? bare)!];
    return value ?? match;
  });
}
