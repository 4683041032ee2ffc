import type { ApplicationFilterQuery } from '@cfp/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetchFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { filterQuery } from './get-applications.ts';

export function exportApplications(filters: ApplicationFilterQuery): Promise<Blob> {
  return apiFetchFile(`/applications/export.csv${filterQuery(filters)}`, 'text/csv');
}

/** The applications the filters select, as the CSV the API writes, saved as a file (it needs the token). */
export function useExportApplications() {
  return useMutation({
    mutationFn: exportApplications,
    onSuccess: (blob) => saveFile(blob, `preinscriptions-${new Date().toISOString().slice(0, 10)}.csv`),
  });
}
