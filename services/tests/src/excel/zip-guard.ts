import { inflateRawSync } from 'node:zlib';

/**
 * Checks an .xlsx (a zip archive) before any workbook library opens it, so a malformed archive or
 * a zip bomb is refused in milliseconds with bounded memory. It reads the central directory
 * itself: every entry must be stored or deflated, the declared sizes must stay under the caps, and
 * each entry is inflated with `maxOutputLength` set to its declared size, so an entry that lies
 * about its size is stopped at that size. Written here rather than adding a zip library: the
 * check needs only the directory records and node's zlib.
 */
export class UnsafeArchiveError extends Error {}

/** Far above any real import (a workbook of 15 tests is about 7 KB unpacked). */
export const MAX_UNCOMPRESSED_BYTES = 4 * 1024 * 1024;
export const MAX_ENTRIES = 100;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const STORED = 0;
const DEFLATED = 8;

interface Entry {
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export function assertSafeZip(archive: Buffer): void {
  const entries = readDirectory(archive);
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    if (total > MAX_UNCOMPRESSED_BYTES) throw new UnsafeArchiveError('archive too large unpacked');
  }
  for (const entry of entries) checkEntryData(archive, entry);
}

function findEndOfDirectory(archive: Buffer): number {
  const lowest = Math.max(0, archive.length - END_RECORD_SIZE - MAX_COMMENT);
  for (let at = archive.length - END_RECORD_SIZE; at >= lowest; at -= 1) {
    if (archive.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new UnsafeArchiveError('no central directory');
}

function readDirectory(archive: Buffer): Entry[] {
  if (archive.length < END_RECORD_SIZE) throw new UnsafeArchiveError('too short');
  const end = findEndOfDirectory(archive);
  const count = archive.readUInt16LE(end + 10);
  const directorySize = archive.readUInt32LE(end + 12);
  const directoryOffset = archive.readUInt32LE(end + 16);
  if (count === 0 || count > MAX_ENTRIES) throw new UnsafeArchiveError('entry count');
  if (directoryOffset + directorySize > end) throw new UnsafeArchiveError('directory bounds');

  const entries: Entry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || archive.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      throw new UnsafeArchiveError('directory entry');
    }
    const entry: Entry = {
      method: archive.readUInt16LE(at + 10),
      compressedSize: archive.readUInt32LE(at + 20),
      size: archive.readUInt32LE(at + 24),
      localHeaderOffset: archive.readUInt32LE(at + 42),
    };
    if (entry.method !== STORED && entry.method !== DEFLATED) {
      throw new UnsafeArchiveError('compression method');
    }
    entries.push(entry);
    at +=
      46 +
      archive.readUInt16LE(at + 28) +
      archive.readUInt16LE(at + 30) +
      archive.readUInt16LE(at + 32);
  }
  return entries;
}

function checkEntryData(archive: Buffer, entry: Entry): void {
  const header = entry.localHeaderOffset;
  if (header + 30 > archive.length || archive.readUInt32LE(header) !== LOCAL_HEADER) {
    throw new UnsafeArchiveError('local header');
  }
  const start = header + 30 + archive.readUInt16LE(header + 26) + archive.readUInt16LE(header + 28);
  const data = archive.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new UnsafeArchiveError('entry bounds');
  if (entry.method === STORED) {
    if (entry.compressedSize !== entry.size) throw new UnsafeArchiveError('stored size');
    return;
  }
  let inflated: Buffer;
  try {
    inflated = inflateRawSync(data, { maxOutputLength: Math.max(entry.size, 1) });
  } catch {
    throw new UnsafeArchiveError('entry does not inflate to its declared size');
  }
  if (inflated.length !== entry.size) throw new UnsafeArchiveError('entry size mismatch');
}
