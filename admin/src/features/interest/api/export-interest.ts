import { useMutation } from '@tanstack/react-query';
import { apiFetchFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** The export needs the token, so it cannot be a plain link: it is fetched, then saved as a file. */
export function useExportInterest() {
  return useMutation({
    mutationFn: (weeks: number) => apiFetchFile(`/interest/export.csv?weeks=${weeks}`, 'text/csv'),
    onSuccess: (blob) => saveFile(blob, `interest-${new Date().toISOString().slice(0, 10)}.csv`),
  });
}
