import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A whole PNG written by hand, for images whose size matters more than their look: `rows` is the
 * filtered scanlines (each a filter byte, then its pixels), compressed at `level`.
 */
export function pngFile(
  p: { width: number; height: number; rows: Buffer; level: number } & (
    | { bitDepth: 1 | 8; colourType: 0 } // grey
    | { bitDepth: 8; colourType: 2 } // RGB
  ),
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(p.width, 0);
  header.writeUInt32BE(p.height, 4);
  header.set([p.bitDepth, p.colourType, 0, 0, 0], 8); // no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(p.rows, { level: p.level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
