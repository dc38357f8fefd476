// Saving bytes the app made (an export zip) as a file download. The object URL is revoked
// later, not at once: Chromium starts reading it after the click returns.
export function downloadBytes(bytes: Uint8Array | Blob, fileName: string, type = 'application/zip'): void {
  const blob = bytes instanceof Blob ? bytes : new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
