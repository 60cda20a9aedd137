// The per-file progress bars of a running upload, and each failed file's message.
import type { UploadEntry } from './use-uploads';

export function UploadProgress({ entries }: { entries: UploadEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <ul className="upload-list" aria-label="Uploads">
      {entries.map((entry) => (
        <li key={entry.key} className="upload-item">
          <span className="upload-name">{entry.name}</span>
          {entry.error ? (
            <span className="form-error" role="alert">
              {entry.error}
            </span>
          ) : (
            <progress
              max={1}
              value={entry.progress}
              aria-label={`Uploader ${entry.name}`}
              className="upload-bar"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
