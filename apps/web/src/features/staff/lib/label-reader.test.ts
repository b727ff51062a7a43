// The three tiers of reading a label (label-reader.ts): the browser's detector where it reads Code 128, our
// decoder's worker otherwise (its answers matched to their pictures, its failures refused, not left
// hanging), and nothing where neither runs (the number is typed).
import { describe, expect, it } from 'vitest';
import { decoderReader, openLabelReader, readerKind } from './label-reader.ts';

/** a stand-in for the decoder's worker: it records what it is sent, and the test answers */
function fakeWorker() {
  const worker = {
    sent: [] as Array<{ id: number; source: unknown }>,
    terminated: false,
    onmessage: null as ((event: MessageEvent) => void) | null,
    onerror: null as ((event: ErrorEvent) => void) | null,
    postMessage(message: { id: number; source: unknown }) {
      this.sent.push(message);
    },
    terminate() {
      this.terminated = true;
    },
    answer(data: unknown) {
      this.onmessage?.({ data } as MessageEvent);
    },
  };
  return worker;
}

const photo = () => new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });

class Detector {
  static formats = ['qr_code', 'code_128'];
  static getSupportedFormats = () => Promise.resolve(Detector.formats);
  constructor(readonly options: { formats: string[] }) {}
  detect = () => Promise.resolve([{ rawValue: '2611280042' }]);
}
const decoderGlobals = { Worker: class {} as unknown as typeof Worker, OffscreenCanvas: class {}, createImageBitmap: () => undefined };

describe('readerKind', () => {
  it('is the detector where the browser has one, our decoder where a worker can draw, else none', () => {
    expect(readerKind({ BarcodeDetector: Detector, ...decoderGlobals })).toBe('detector');
    expect(readerKind(decoderGlobals)).toBe('decoder');
    expect(readerKind({ Worker: decoderGlobals.Worker })).toBeNull();
    expect(readerKind({})).toBeNull();
  });
});

describe('openLabelReader', () => {
  it("uses the browser's detector when it reads Code 128", async () => {
    const reader = await openLabelReader({ BarcodeDetector: Detector, ...decoderGlobals });
    expect(reader?.kind).toBe('detector');
  });

  it('opens nothing where neither the detector nor a worker that draws exists', async () => {
    expect(await openLabelReader({})).toBeNull();
    Detector.formats = ['qr_code'];
    try {
      // a detector without Code 128, and no worker: nothing (the number is typed)
      expect(await openLabelReader({ BarcodeDetector: Detector })).toBeNull();
    } finally {
      Detector.formats = ['qr_code', 'code_128'];
    }
  });
});

describe('decoderReader', () => {
  it("answers each picture with the worker's answer for its id", async () => {
    const worker = fakeWorker();
    const reader = decoderReader(worker);
    const first = reader.read(photo());
    const second = reader.read(photo());
    await Promise.resolve();
    expect(worker.sent.map((m) => m.id)).toEqual([1, 2]);
    expect(worker.sent[0]!.source).toBeInstanceOf(Blob);
    worker.answer({ id: 2, value: null });
    worker.answer({ id: 1, value: '2611280042' });
    await expect(first).resolves.toBe('2611280042');
    await expect(second).resolves.toBeNull();
  });

  it('refuses a picture the worker failed on, and every picture waiting when the worker breaks or is closed', async () => {
    const worker = fakeWorker();
    const reader = decoderReader(worker);
    const failed = reader.read(photo());
    await Promise.resolve();
    worker.answer({ id: 1, failed: 'The source image could not be decoded.' });
    await expect(failed).rejects.toThrow('The source image could not be decoded.');
    const broken = reader.read(photo());
    await Promise.resolve();
    worker.onerror?.({} as ErrorEvent);
    await expect(broken).rejects.toThrow('the barcode decoder could not run');
    const closed = reader.read(photo());
    await Promise.resolve();
    reader.close();
    await expect(closed).rejects.toThrow('closed');
    expect(worker.terminated).toBe(true);
  });
});
