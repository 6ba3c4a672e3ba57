/**
 * Writing an RGB PNG from scanlines compressed block by block (the social cards, cli/core/images/card-image.ts):
 * each block is raw deflate ending on a full flush, so blocks compressed at different times join into one
 * zlib stream, and the stream's Adler-32 checksum is joined from the blocks' own (zlib's adler32_combine)
 * instead of summing every byte again. A block whose bytes change carries the change to its sums with it.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** The modulus of Adler-32 (RFC 1950). */
export const ADLER_BASE = 65521;

/** The Adler-32 checksum of some bytes as its two sums; `b` weighs each byte by how many follow it, itself included. */
export interface Adler {
  a: number;
  b: number;
  length: number;
}

export function adler32(data: Uint8Array): Adler {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; ) {
    // Runs short enough that the sums stay small integers.
    const end = Math.min(i + 3800, data.length);
    for (; i < end; i++) {
      a += data[i] ?? 0;
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return { a, b, length: data.length };
}

/** The checksum of two byte strings joined (zlib's adler32_combine). */
export function joinAdler(first: Adler, second: Adler): Adler {
  const mod = (n: number): number => ((n % ADLER_BASE) + ADLER_BASE) % ADLER_BASE;
  return {
    a: mod(first.a + second.a - 1),
    b: mod(first.b + second.b + (second.length % ADLER_BASE) * (first.a - 1)),
    length: first.length + second.length,
  };
}

/** Scanlines compressed as raw deflate ending on a full flush, so that blocks may be joined in one zlib stream. */
export interface Deflated {
  data: Buffer;
  adler: Adler;
}

/** Compresses `scanlines` at zlib `level`; `adler` is their checksum, given because the caller often knows it cheaper. */
export function deflateBlock(scanlines: Buffer, level: number, adler: Adler): Deflated {
  return { data: deflateRawSync(scanlines, { level, finishFlush: constants.Z_FULL_FLUSH }), adler };
}

function chunk(type: string, body: Uint8Array): Buffer {
  const bytes = Buffer.alloc(12 + body.length);
  bytes.writeUInt32BE(body.length, 0);
  bytes.write(type, 4, 'latin1');
  bytes.set(body, 8);
  bytes.writeUInt32BE(crc32(bytes.subarray(4, 8 + body.length)), 8 + body.length);
  return bytes;
}

const SIGNATURE = Buffer.of(137, 80, 78, 71, 13, 10, 26, 10);
/** The zlib stream's head (deflate, 32K window), and its foot before the checksum: an empty last block. */
const ZLIB_HEAD = Buffer.of(0x78, 0x9c);
const ZLIB_LAST = Buffer.of(0x03, 0x00);

/**
 * A `width` × `height` RGB PNG, tagged sRGB, of `blocks` in order: scanlines of a filter byte and the
 * row's pixels, `height` of them in all.
 */
export function encodeRgbPng(width: number, height: number, blocks: Deflated[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits a channel, RGB, deflate, filter method 0, not interlaced
  const adler = blocks.map((block) => block.adler).reduce(joinAdler);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(adler.b * 65536 + adler.a);
  const idat = Buffer.concat([ZLIB_HEAD, ...blocks.map((block) => block.data), ZLIB_LAST, checksum]);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('sRGB', Buffer.of(0)),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
