import { useMutation } from '@tanstack/react-query';
import { apiFetchFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

export function exportSubscribers(): Promise<Blob> {
  return apiFetchFile('/subscriber/export.csv', 'text/csv');
}

/** The export needs the token, so it cannot be a plain link: it is fetched, then saved as a file. */
export function useExportSubscribers() {
  return useMutation({
    mutationFn: exportSubscribers,
    onSuccess: (blob) => saveFile(blob, `subscribers-${new Date().toISOString().slice(0, 10)}.csv`),
  });
}
