/**
 * A minimal POSIX ustar writer: regular files and folders, owned by 0:0, dated the epoch, so the
 * same inputs always give the same bytes (and the same image digest).
 */
export interface TarEntry {
  /** Relative path; a folder's ends with '/'. At most 100 characters. */
  name: string;
  mode: number;
  data?: Buffer;
}

const BLOCK = 512;

function header(entry: TarEntry, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(entry.name) > 100) throw new Error(`tar: name too long: ${entry.name}`);
  const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;
  block.write(entry.name, 0);
  block.write(octal(entry.mode, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(0, 12), 136);
  block.write(' '.repeat(8), 148);
  block.write(entry.name.endsWith('/') ? '5' : '0', 156);
  block.write('ustar\0' + '00', 257);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

export function tarArchive(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const data = entry.data ?? Buffer.alloc(0);
    parts.push(header(entry, data.length), data);
    const padding = (BLOCK - (data.length % BLOCK)) % BLOCK;
    parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}
