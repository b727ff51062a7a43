// Reading a container's label on the phone, in three tiers (lib/label-reader.ts, decision 074): the
// browser's own barcode detection (the Barcode Detection API, on Android's Chrome), else our small Code 128
// decoder in a Web Worker, loaded on first use; a photo of the label ("Photograph the label", which opens
// the camera on a phone) or the live camera. Typing the number works everywhere (a Bluetooth scanner types
// it too). The number read is handed to `onRead`, exactly as a typed one.
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { TextInput } from '../../components/fields.tsx';
import { btn } from '../../components/ui.tsx';
import { type LabelReader, openLabelReader, readerKind } from '../../lib/label-reader.ts';

/** the reader, opened on first use (so the decoder's worker starts only when a label is read) and closed with the screen */
function useLabelReader() {
  const opened = useRef<Promise<LabelReader | null> | null>(null);
  useEffect(
    () => () => {
      void opened.current?.then((r) => r?.close());
      opened.current = null;
    },
    [],
  );
  return useCallback(() => (opened.current ??= openLabelReader().catch(() => null)), []);
}

function Camera({ reader, onRead, onClose }: { reader: () => Promise<LabelReader | null>; onRead(value: string): void; onClose(): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // one frame at a time: the next is taken a moment after the last one's answer, so frames never queue up
    const look = async (r: LabelReader) => {
      if (stopped || !video.current) return;
      const value = await r.read(video.current).catch(() => null);
      if (stopped) return;
      if (value) {
        stopped = true;
        onRead(value);
        onClose();
      } else timer = setTimeout(() => void look(r), 250);
    };
    Promise.all([reader(), navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } })])
      .then(async ([r, s]) => {
        stream = s;
        if (stopped || !video.current) return;
        if (!r) throw new Error('no reader');
        video.current.srcObject = s;
        await video.current.play();
        void look(r);
      })
      .catch(() => {
        stream?.getTracks().forEach((t) => t.stop());
        if (!stopped) setProblem('The camera could not be opened. Type the number instead.');
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [reader, onRead, onClose]);
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
  const [canRead, setCanRead] = useState(false);
  const [canFilm, setCanFilm] = useState(false);
  const [photo, setPhoto] = useState<{ reading: boolean; read?: string; problem?: string }>({ reading: false });
  const reader = useLabelReader();
  // known only in the browser: the page's first render is the same everywhere
  useEffect(() => {
    setCanRead(readerKind() !== null);
    setCanFilm(readerKind() !== null && typeof navigator.mediaDevices?.getUserMedia === 'function');
  }, []);
  const closeCamera = useCallback(() => setCamera(false), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim()) onRead(typed.trim());
    setTyped('');
  };
  const fromPhoto = async (file: File | undefined) => {
    if (!file) return;
    setPhoto({ reading: true });
    const r = await reader();
    const value = r ? await r.read(file).catch(() => null) : null;
    if (value) {
      setPhoto({ reading: false, read: value });
      onRead(value);
    } else setPhoto({ reading: false, problem: 'No barcode was found in the photo. Try again closer, with the label flat and lit, or type the number.' });
  };
  return (
    <div>
      <form onSubmit={submit} className="flex items-end gap-2">
        <TextInput label={label} value={typed} onChange={(e) => setTyped(e.target.value)} inputMode="numeric" autoComplete="off" className="grow" />
        <button type="submit" className={btn.primary}>
          Check
        </button>
      </form>
      {canRead && (
        <div className="mt-2 flex flex-wrap gap-2">
          <label className={btn.secondary}>
            Photograph the label
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              onChange={(e) => {
                void fromPhoto(e.target.files?.[0]);
                // the same label may be photographed again
                e.target.value = '';
              }}
            />
          </label>
          {canFilm && !camera && (
            <button type="button" className={btn.secondary} onClick={() => setCamera(true)}>
              Scan with the camera
            </button>
          )}
        </div>
      )}
      {photo.reading && <p className="mt-1 text-sm text-slate-700">Reading the photo…</p>}
      {photo.read && <p className="mt-1 text-sm text-slate-700">Read from the photo: <span className="font-mono">{photo.read}</span></p>}
      {photo.problem && <p className="mt-1 text-sm text-red-800">{photo.problem}</p>}
      {camera && <Camera reader={reader} onRead={onRead} onClose={closeCamera} />}
    </div>
  );
}
