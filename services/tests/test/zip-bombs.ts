import { constants, crc32, deflateRawSync } from 'node:zlib';

const MB = 1024 * 1024;
const ENTRY_NAME = Buffer.from('xl/worksheets/sheet1.xml');
/** A final, empty deflate block: ends a stream of non-final blocks. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

interface ZipEntry {
  deflated: Buffer;
  crc: number;
  /** The uncompressed size written in the headers. */
  declaredSize: number;
}

/**
 * The fields the local header and the central directory entry both hold, from `at` on (8 in the
 * one, 10 in the other): the method (deflate), the CRC, both sizes and the name's length.
 */
function writeEntryFields(header: Buffer, at: number, entry: ZipEntry): void {
  header.writeUInt16LE(8, at);
  header.writeUInt32LE(entry.crc, at + 6);
  header.writeUInt32LE(entry.deflated.length, at + 10);
  header.writeUInt32LE(entry.declaredSize, at + 14);
  header.writeUInt16LE(ENTRY_NAME.length, at + 18);
}

/** A zip archive holding one deflated entry, with the headers saying what `entry` says. */
function zipWithOneEntry(entry: ZipEntry): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  writeEntryFields(local, 8, entry);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  writeEntryFields(central, 10, entry);
  central.writeUInt32LE(0, 42);
  const directoryOffset = local.length + ENTRY_NAME.length + entry.deflated.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + ENTRY_NAME.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, ENTRY_NAME, entry.deflated, central, ENTRY_NAME, end]);
}

/**
 * `megabytes` MB of zeros as one deflate stream, built without holding them: one megabyte is
 * deflated with a full flush (so its blocks stand alone) and repeated, then a final empty block.
 */
function deflatedZeros(megabytes: number): { deflated: Buffer; crc: number } {
  const zeros = Buffer.alloc(MB);
  const block = deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < megabytes; i += 1) crc = crc32(zeros, crc);
  return {
    deflated: Buffer.concat([...Array<Buffer>(megabytes).fill(block), FINAL_EMPTY_BLOCK]),
    crc,
  };
}

/** An honest zip bomb: its one entry declares, and inflates to, `megabytes` MB of zeros. */
export function honestZipBomb(megabytes: number): Buffer {
  const { deflated, crc } = deflatedZeros(megabytes);
  return zipWithOneEntry({ deflated, crc, declaredSize: megabytes * MB });
}

/** A lying zip bomb: its one entry declares 1000 bytes but inflates to `megabytes` MB of zeros. */
export function lyingZipBomb(megabytes: number): Buffer {
  const { deflated } = deflatedZeros(megabytes);
  return zipWithOneEntry({ deflated, crc: 0, declaredSize: 1000 });
}
