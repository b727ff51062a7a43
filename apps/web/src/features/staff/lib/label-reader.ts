// What reads a container label's barcode on this phone (docs/samples.md, decision 074), in three tiers:
// the browser's own Barcode Detection API where it reads Code 128 (Chrome on most Android phones); else our
// small decoder (ZXing's Code 128 reader) in a Web Worker, whose script is fetched from our own build only
// when first used on a browser without the API, so no other screen or page loads it; else nothing, and
// the number is typed (a Bluetooth scanner types it too). A reader takes a photo or a camera frame.

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?(): Promise<string[]>;
}

export type ReaderKind = 'detector' | 'decoder';

export interface LabelReader {
  kind: ReaderKind;
  /** the barcode's text, or null when the picture holds none that could be read */
  read(source: Blob | HTMLVideoElement): Promise<string | null>;
  close(): void;
}

type Globals = Partial<{ BarcodeDetector: DetectorClass; Worker: typeof Worker; OffscreenCanvas: unknown; createImageBitmap: unknown }>;
const globals = (): Globals => (typeof window === 'undefined' ? {} : (window as unknown as Globals));

const canDecode = (g: Globals) => Boolean(g.Worker && g.OffscreenCanvas && g.createImageBitmap);

/** the tier this browser seems to offer, known without loading anything (the detector's formats are checked on opening) */
export function readerKind(g: Globals = globals()): ReaderKind | null {
  if (g.BarcodeDetector) return 'detector';
  return canDecode(g) ? 'decoder' : null;
}

function detectorReader(Detector: DetectorClass): LabelReader {
  const detector = new Detector({ formats: ['code_128'] });
  return {
    kind: 'detector',
    async read(source) {
      const found = await detector.detect(source instanceof Blob ? await createImageBitmap(source) : source);
      return found[0]?.rawValue ?? null;
    },
    close() {},
  };
}

type Answer = { id: number; value: string | null } | { id: number; failed: string };

/** the worker tier: each picture goes to the worker (a frame as a transferred bitmap), answered by its id */
export function decoderReader(worker: Pick<Worker, 'postMessage' | 'terminate' | 'onmessage' | 'onerror'>): LabelReader {
  const waiting = new Map<number, { resolve(value: string | null): void; reject(e: Error): void }>();
  let next = 0;
  const failAll = (e: Error) => {
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  worker.onmessage = ({ data }: MessageEvent<Answer>) => {
    const w = waiting.get(data.id);
    waiting.delete(data.id);
    if ('failed' in data) w?.reject(new Error(data.failed));
    else w?.resolve(data.value);
  };
  // the worker's script could not load or threw: every picture waiting is refused, not left hanging
  worker.onerror = () => failAll(new Error('the barcode decoder could not run'));
  return {
    kind: 'decoder',
    async read(source) {
      const picture = source instanceof Blob ? source : await createImageBitmap(source);
      const id = ++next;
      return new Promise<string | null>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, source: picture }, picture instanceof Blob ? [] : [picture]);
      });
    },
    close() {
      failAll(new Error('closed'));
      worker.terminate();
    },
  };
}

/** this browser's reader: its own detector when it reads Code 128, else the worker; null where neither runs */
export async function openLabelReader(g: Globals = globals()): Promise<LabelReader | null> {
  const Detector = g.BarcodeDetector;
  if (Detector) {
    // a detector that exists without Code 128 (some desktops) reads nothing: the decoder does better
    const formats = await Detector.getSupportedFormats?.().catch(() => [] as string[]);
    if (!formats || formats.includes('code_128')) return detectorReader(Detector);
  }
  if (!canDecode(g)) return null;
  return decoderReader(new Worker(new URL('./code128.worker.ts', import.meta.url), { type: 'module', name: 'label-decoder' }));
}
