// Reading a container's label on the phone: the browser's own barcode detection (the Barcode Detection
// API, on Android's Chrome) from the camera, or from a photo where only that works, and typing the number
// as the fallback everywhere (a Bluetooth scanner types it too). The number read is handed to `onRead`.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { TextInput } from '../../components/fields.tsx';
import { btn } from '../../components/ui.tsx';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource | ImageBitmap | Blob): Promise<DetectedBarcode[]>;
}
type DetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** the browser's detector, when it has one */
const detectorClass = (): DetectorClass | undefined => (typeof window === 'undefined' ? undefined : (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector);

function Camera({ onRead, onClose }: { onRead(value: string): void; onClose(): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return;
    const detector = new Detector({ formats: ['code_128'] });
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        timer = setInterval(() => {
          if (!video.current) return;
          void detector.detect(video.current).then((found) => {
            const value = found[0]?.rawValue;
            if (value && !stopped) {
              stopped = true;
              onRead(value);
              onClose();
            }
          });
        }, 250);
      })
      .catch(() => setProblem('The camera could not be opened. Type the number instead.'));
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onRead, onClose]);
  return (
    <div className="mt-2">
      {problem ? <p className="text-sm text-red-800">{problem}</p> : <video ref={video} className="w-full rounded-md bg-black" muted playsInline aria-label="Camera: point it at the label" />}
      <button type="button" className={`${btn.secondary} mt-2`} onClick={onClose}>
        Close the camera
      </button>
    </div>
  );
}

export function LabelScanner({ onRead, label }: { onRead(value: string): void; label: string }) {
  const [typed, setTyped] = useState('');
  const [camera, setCamera] = useState(false);
  const [canDetect, setCanDetect] = useState(false);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  // known only in the browser: the page's first render is the same everywhere
  useEffect(() => setCanDetect(detectorClass() !== undefined && typeof navigator.mediaDevices?.getUserMedia === 'function'), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim()) onRead(typed.trim());
    setTyped('');
  };
  const fromPhoto = async (file: File | undefined) => {
    const Detector = detectorClass();
    if (!file || !Detector) return;
    const found = await new Detector({ formats: ['code_128'] }).detect(await createImageBitmap(file));
    if (found[0]) {
      setPhotoProblem(null);
      onRead(found[0].rawValue);
    } else setPhotoProblem('No barcode was found in the photo. Try again or type the number.');
  };
  return (
    <div>
      <form onSubmit={submit} className="flex items-end gap-2">
        <TextInput label={label} value={typed} onChange={(e) => setTyped(e.target.value)} inputMode="numeric" autoComplete="off" className="grow" />
        <button type="submit" className={btn.primary}>
          Check
        </button>
      </form>
      {canDetect && (
        <div className="mt-2 flex flex-wrap gap-2">
          {!camera && (
            <button type="button" className={btn.secondary} onClick={() => setCamera(true)}>
              Scan with the camera
            </button>
          )}
          <label className={btn.secondary}>
            Scan from a photo
            <input type="file" accept="image/*" capture="environment" className="sr-only" onChange={(e) => void fromPhoto(e.target.files?.[0])} />
          </label>
        </div>
      )}
      {photoProblem && <p className="mt-1 text-sm text-red-800">{photoProblem}</p>}
      {camera && <Camera onRead={onRead} onClose={() => setCamera(false)} />}
    </div>
  );
}
