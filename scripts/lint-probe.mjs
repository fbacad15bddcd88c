// Lints snippets as if they were files of the repository, with its eslint.config.mjs, and prints
// each one's problems as JSON. A program of its own because ESLint loads that config with a
// dynamic import, which jest's module sandbox does not allow (scripts/lint-boundaries.spec.ts).
// Input on stdin: [{ "filePath": "services/tests/src/x.ts", "code": "..." }, ...].
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: REPO_ROOT });
const answers = [];
for (const { filePath, code } of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath });
  answers.push({
    filePath,
    messages: (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message })),
  });
}
process.stdout.write(JSON.stringify(answers));
