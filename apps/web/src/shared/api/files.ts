// Files the API answers (PDF reports) and saving them as downloads. Apart from client.ts, which every
// public page loads with the site frame: only the screens that download a file carry this.
import { type ApiOptions, ApiError, bodyOf, request } from './client.ts';

/** a file the API answers (a PDF report), as a Blob; errors as for api() */
export async function apiFile(path: string, options: ApiOptions = {}): Promise<Blob> {
  const res = await request(path, options);
  if (!res.ok) throw new ApiError(res.status, await bodyOf(res));
  return res.blob();
}

/** saves a Blob under a file name, as a download of the browser's own */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
