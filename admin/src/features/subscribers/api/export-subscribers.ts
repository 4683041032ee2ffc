import { useMutation } from '@tanstack/react-query';
import { apiFetchFile } from '../../../lib/api-client.ts';

export function exportSubscribers(): Promise<Blob> {
  return apiFetchFile('/subscriber/export.csv', 'text/csv');
}

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The export needs the token, so it cannot be a plain link: it is fetched, then saved as a file. */
export function useExportSubscribers() {
  return useMutation({
    mutationFn: exportSubscribers,
    onSuccess: (blob) => saveFile(blob, `subscribers-${new Date().toISOString().slice(0, 10)}.csv`),
  });
}
