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
