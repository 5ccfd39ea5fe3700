/**
 * Reading and writing ISO-BMFF (MP4) boxes: the layer the preview cut (cut.ts) and the init
 * segment's timing (bmff-init.ts) are written on.
 */

/** One box: its type, where it starts and ends, and where its payload starts. */
export interface Box {
  readonly type: string;
  readonly start: number;
  readonly payload: number;
  readonly end: number;
}

export function boxesOf(data: Buffer, from = 0, to = data.length): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at < to) {
    if (to - at < 8) throw new Error("truncated box header");
    let size = data.readUInt32BE(at);
    const type = data.toString("latin1", at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(data.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) throw new Error(`box ${type} overruns its container`);
    boxes.push({ type, start: at, payload: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

export function childOf(data: Buffer, parent: Box | undefined, type: string): Box | undefined {
  return parent ? boxesOf(data, parent.payload, parent.end).find((b) => b.type === type) : undefined;
}

export function box(type: string, ...parts: readonly Buffer[]): Buffer {
  const header = Buffer.alloc(8);
  const size = 8 + parts.reduce((sum, p) => sum + p.length, 0);
  header.writeUInt32BE(size);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, ...parts], size);
}

/** Version and flags of a full box. */
export function fullHeader(data: Buffer, b: Box): { version: number; flags: number } {
  return { version: data.readUInt8(b.payload), flags: data.readUIntBE(b.payload + 1, 3) };
}
