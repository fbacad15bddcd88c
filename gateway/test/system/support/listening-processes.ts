/**
 * Which OS process listens on a TCP port, read from Linux's /proc: the socket's inode from
 * /proc/net/tcp{,6}, then the process holding a file descriptor on that socket.
 */
import fs from 'node:fs';
import path from 'node:path';

const LISTEN = '0A';

function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [, local, , state, , , , , , inode] = fields;
      if (!local || state !== LISTEN || !inode) continue;
      if (parseInt(local.split(':')[1] ?? '', 16) === port) inodes.add(inode);
    }
  }
  return inodes;
}

function holdsSocket(pid: string, inodes: Set<string>): boolean {
  const fdDir = path.join('/proc', pid, 'fd');
  try {
    return fs.readdirSync(fdDir).some((fd) => {
      try {
        const target = fs.readlinkSync(path.join(fdDir, fd));
        return inodes.has(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? '');
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/** The pid listening on the port, or null when none (or it cannot be seen). */
export function pidListeningOn(port: number): number | null {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return null;
  const pid = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .find((entry) => holdsSocket(entry, inodes));
  return pid ? Number(pid) : null;
}

/** The process's command line, arguments joined by spaces. */
export const commandLineOf = (pid: number): string =>
  fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
