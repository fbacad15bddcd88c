/**
 * The Content-Security-Policy admits inline scripts by hash only: every inline script of the web
 * app's page (frontend/index.html, copied as is into the built and prerendered pages) must have
 * its hash in the gateway's policy and in nginx's, or browsers refuse to run it: the first paint
 * comes in the wrong colour scheme, and the dashboard's signed-in shell greets no one by name.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STORAGE_KEYS } from '@mcat/contracts';
import { COLOR_SCHEME_SCRIPT_HASH, SIGNED_IN_SHELL_SCRIPT_HASH } from '../src/edge/security';

const FRONTEND = path.join(__dirname, '../../frontend');

/** The bodies of the page's scripts that have no src, as the browser hashes them. */
const inlineScripts = (html: string): string[] =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);

const cspHash = (script: string): string =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

describe("the web app's inline scripts and the Content-Security-Policy", () => {
  const page = readFileSync(path.join(FRONTEND, 'index.html'), 'utf8');

  const admitted = [COLOR_SCHEME_SCRIPT_HASH, SIGNED_IN_SHELL_SCRIPT_HASH];

  it('has two inline scripts, the colour scheme and the signed-in shell, with the hashes the gateway admits', () => {
    expect(inlineScripts(page).map(cspHash)).toEqual(admitted);
  });

  it("is admitted by nginx's policy too", () => {
    const nginx = readFileSync(path.join(FRONTEND, 'nginx.conf'), 'utf8');
    const scriptSrc = /script-src ([^;]*);/.exec(nginx)?.[1] ?? '';
    expect(scriptSrc.split(' ')).toEqual(expect.arrayContaining(admitted));
  });

  it('tells a changed script from the admitted one', () => {
    const changed = page.replace("'darkMode'", "'colorScheme'").replace("'studentName'", "'name'");
    expect(inlineScripts(changed).map(cspHash)).toEqual([
      expect.not.stringMatching(COLOR_SCHEME_SCRIPT_HASH),
      expect.not.stringMatching(SIGNED_IN_SHELL_SCRIPT_HASH),
    ]);
  });

  it("reads the storage keys the web app writes, by the contracts' names", () => {
    const [colorScheme, signedInShell] = inlineScripts(page);
    expect(colorScheme).toContain(`localStorage.getItem('${STORAGE_KEYS.darkMode}')`);
    expect(signedInShell).toContain(`localStorage.getItem('${STORAGE_KEYS.token}')`);
    expect(signedInShell).toContain(`localStorage.getItem('${STORAGE_KEYS.studentName}')`);
    expect(signedInShell).toContain(`localStorage.getItem('${STORAGE_KEYS.studentNav}')`);
  });
});
