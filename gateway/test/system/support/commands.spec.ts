/**
 * startListening, which the specs that start a second gateway or service rely on: it answers only
 * once the program it started listens, starts it again after EADDRINUSE, and says what a program
 * that never listens printed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startListening, type ListeningProgram } from './commands';
import { pidListeningOn } from './listening-processes';

/** A node program that counts its starts in a file and listens on PORT from the start named. */
const LISTENS_FROM_START = `
const fs = require('node:fs');
const starts = Number(fs.existsSync(process.env.STARTS) ? fs.readFileSync(process.env.STARTS, 'utf8') : 0) + 1;
fs.writeFileSync(process.env.STARTS, String(starts));
if (starts < Number(process.env.LISTEN_FROM)) {
  console.error('Error: listen EADDRINUSE: address already in use 127.0.0.1:' + process.env.PORT);
  process.exit(1);
}
setTimeout(() => require('node:http').createServer((_, res) => res.end('mine')).listen(Number(process.env.PORT), '127.0.0.1'), 300);
`;

describe('startListening', () => {
  let dir = '';
  let program: ListeningProgram | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-listening-'));
  });
  afterEach(async () => {
    await program?.stop();
    program = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const envFor = (listenFrom: number) => (port: number) => ({
    PATH: process.env.PATH,
    PORT: String(port),
    STARTS: path.join(dir, 'starts'),
    LISTEN_FROM: String(listenFrom),
  });
  const starts = () => Number(fs.readFileSync(path.join(dir, 'starts'), 'utf8'));

  it('answers once the very process it started listens, and that process answers its URL', async () => {
    program = await startListening(['node', '-e', LISTENS_FROM_START], envFor(1));
    expect(pidListeningOn(program.port)).toBe(program.pid);
    expect(await (await fetch(program.url)).text()).toBe('mine');
    expect(starts()).toBe(1);
  });

  it('starts the program again on another port after EADDRINUSE', async () => {
    program = await startListening(['node', '-e', LISTENS_FROM_START], envFor(3));
    expect(starts()).toBe(3);
    expect(await (await fetch(program.url)).text()).toBe('mine');
  });

  it('gives up after its attempts, saying what the program printed', async () => {
    await expect(
      startListening(['node', '-e', LISTENS_FROM_START], envFor(9), { attempts: 2 }),
    ).rejects.toThrow(/exited before listening on port \d+; it said: Error: listen EADDRINUSE/);
    expect(starts()).toBe(2);
  });

  it('stops a program that never listens at its deadline, saying what it printed', async () => {
    const silent = "console.error('still thinking'); setInterval(() => {}, 1000);";
    await expect(
      startListening(['node', '-e', silent], envFor(1), { timeoutMs: 1_500 }),
    ).rejects.toThrow(/did not listen on port \d+ within 1500 ms; it said: still thinking/);
  });
});
