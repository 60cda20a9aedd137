// Uploads a picked selection one file after another, with a progress entry per file; used by the
// archive screen and the pages editor's direct upload. Finished files leave the list; failed ones
// stay with the API's message (or 'Kunne ikke uploade billede') until the next selection.
import { useCallback, useState } from 'react';
import { type ImageJson, uploadImage } from './images-api';
import { planUploads } from './upload-plan';

export interface UploadEntry {
  key: number;
  name: string;
  progress: number;
  error: string | null;
}

let nextKey = 1;

type SetEntries = React.Dispatch<React.SetStateAction<UploadEntry[]>>;

function updateEntry(setEntries: SetEntries, key: number, change: Partial<UploadEntry>) {
  setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
}

export function useUploads(onUploaded: (image: ImageJson) => void) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  const busy = entries.some((entry) => entry.error === null);

  /** Uploads `picked` if the plan allows; `existing` is the archive's current count. */
  const start = useCallback(
    async (picked: File[], existing: number): Promise<ImageJson[]> => {
      const plan = planUploads(picked, existing);
      if (!plan.ok) {
        setError(plan.error);
        return [];
      }
      setError(null);
      const queued = plan.files.map((file) => ({ file, key: nextKey++ }));
      setEntries(queued.map(({ file, key }) => ({ key, name: file.name, progress: 0, error: null })));
      const done: ImageJson[] = [];
      for (const { file, key } of queued) {
        try {
          const image = await uploadImage(file, (progress) => updateEntry(setEntries, key, { progress }));
          done.push(image);
          onUploaded(image);
          setEntries((current) => current.filter((entry) => entry.key !== key));
        } catch (caught) {
          updateEntry(setEntries, key, { error: caught instanceof Error ? caught.message : String(caught) });
        }
      }
      return done;
    },
    [onUploaded],
  );

  return { entries, error, busy, start };
}
