// One image of a page (hero background, side image, gallery item): a preview, choose from the
// archive, upload directly (only while the archive has room, the spec's Screens Media tab), or remove.
import { type ChangeEvent, useRef, useState } from 'react';
import { MESSAGES } from '../../../../rules/messages';
import { UPLOAD_MESSAGES } from '../../../../rules/upload-messages';
import { ImagePicker } from '../images/image-picker';
import { uploadImage } from '../images/images-api';

interface ImageChoiceProps {
  label: string;
  value: string | null;
  onChange(url: string | null): void;
  /** Direct upload is offered only when set: the archive has fewer than 15 images. */
  upload?: { onUploaded(): void } | undefined;
  removeLabel?: string;
}

export function ImageChoice({
  label,
  value,
  onChange,
  upload,
  removeLabel = 'Fjern billede',
}: ImageChoiceProps) {
  const input = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !upload) return;
    if (!file.type.startsWith('image/')) {
      setError(UPLOAD_MESSAGES.notAnImage);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const image = await uploadImage(file, setProgress);
      onChange(image.url);
      upload.onUploaded();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : MESSAGES.uploadFailedThe);
    } finally {
      setProgress(null);
    }
  };

  return (
    <fieldset className="image-choice">
      <legend className="field-label">{label}</legend>
      <div className="image-choice-body">
        {value ? (
          <img className="image-choice-preview" src={value} alt="" />
        ) : (
          <span className="image-choice-empty">Intet billede valgt</span>
        )}
        <div className="image-choice-actions">
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => setPicking(true)}
          >
            Vælg fra arkivet
          </button>
          {upload ? (
            <>
              <input
                ref={input}
                type="file"
                accept="image/*"
                className="visually-hidden"
                tabIndex={-1}
                aria-hidden="true"
                onChange={(event) => void onFile(event)}
              />
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={progress !== null}
                onClick={() => input.current?.click()}
              >
                {progress !== null ? 'Uploader...' : 'Upload billede'}
              </button>
            </>
          ) : null}
          {value ? (
            <button type="button" className="button button-ghost button-small" onClick={() => onChange(null)}>
              {removeLabel}
            </button>
          ) : null}
        </div>
      </div>
      {progress !== null ? <progress max={1} value={progress} aria-label={`Upload: ${label}`} /> : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ImagePicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(url) => {
          onChange(url);
          setPicking(false);
        }}
      />
    </fieldset>
  );
}
