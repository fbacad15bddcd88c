import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedCopies } from './precompress';

const script = Buffer.from('export const greeting = "hello";\n'.repeat(200));

describe('the build’s compressed copies', () => {
  it('are a Brotli and a gzip copy of a text file, each smaller and decoding to it', () => {
    const copies = compressedCopies('assets/app-1a2b3c.js', script);
    expect(copies.map((copy) => copy.suffix)).toEqual(['.br', '.gz']);
    const [brotli, gzip] = copies;
    expect(brotli!.data.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(brotli!.data)).toEqual(script);
    expect(gunzipSync(gzip!.data)).toEqual(script);
  });

  it('are not made for images or for content they would not shrink', () => {
    expect(compressedCopies('assets/logo.png', script)).toEqual([]);
    const noise = Buffer.from(Array.from({ length: 64 }, (_, index) => (index * 97) % 256));
    expect(compressedCopies('assets/tiny.js', noise)).toEqual([]);
  });
});
