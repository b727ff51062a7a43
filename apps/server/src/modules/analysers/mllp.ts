// MLLP, the framing HL7 v2 travels in over TCP: each message is <VT> message <FS><CR>. The parsing and
// the acknowledgements are @medplum/core's (Hl7Message); the framing is here, in a few lines, because
// the library's connection (Hl7Connection in @medplum/hl7) takes a read that ends in <FS><CR> as one
// whole message (two messages in one read become one) and drops a message it cannot parse without
// its bytes, which we must keep and answer (decision 070).
export const VT = 0x0b;
export const FS = 0x1c;
export const CR = 0x0d;

/** the most a message may hold: a CBC is ~1 KB; a runaway sender is cut off, not buffered without end */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

export class FrameTooLarge extends Error {}

/** splits a byte stream into MLLP frames; bytes outside a frame (noise before a VT) are dropped */
export class MllpDecoder {
  private chunks: Buffer[] = [];
  private size = 0;
  private inFrame = false;

  /** the whole messages this read completes, in order (their bytes, without the framing) */
  push(data: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let start = 0;
    for (let i = 0; i < data.length; i++) {
      const b = data[i];
      if (!this.inFrame) {
        if (b === VT) {
          this.inFrame = true;
          start = i + 1;
        }
        continue;
      }
      if (b === CR && (i > start ? data[i - 1] === FS : this.endsWithFs())) {
        // the FS before this CR is not part of the message
        const tail = data.subarray(start, i);
        this.chunks.push(tail);
        const whole = Buffer.concat(this.chunks);
        out.push(whole.subarray(0, whole.length - 1));
        this.chunks = [];
        this.size = 0;
        this.inFrame = false;
      } else if (b === VT) {
        // a new frame began before this one ended: the sender gave up on it; start again
        this.chunks = [];
        this.size = 0;
        start = i + 1;
      }
    }
    if (this.inFrame) {
      const rest = data.subarray(start);
      this.size += rest.length;
      if (this.size > MAX_MESSAGE_BYTES) {
        this.chunks = [];
        this.size = 0;
        this.inFrame = false;
        throw new FrameTooLarge(`an MLLP message over ${MAX_MESSAGE_BYTES} bytes`);
      }
      this.chunks.push(rest);
    }
    return out;
  }

  private endsWithFs(): boolean {
    for (let c = this.chunks.length - 1; c >= 0; c--) {
      const chunk = this.chunks[c]!;
      if (chunk.length > 0) return chunk[chunk.length - 1] === FS;
    }
    return false;
  }
}

/** a message framed for the wire */
export function frame(message: string): Buffer {
  const body = Buffer.from(message, 'utf8');
  const out = Buffer.allocUnsafe(body.length + 3);
  out[0] = VT;
  body.copy(out, 1);
  out[body.length + 1] = FS;
  out[body.length + 2] = CR;
  return out;
}
