// The gallery layout's items (the spec's Screens Content tab): each with title, description and an image chosen
// from the archive; an item can be deleted ('Slet') or have its image cleared; 'Tilføj billede' adds one.
import type { GalleryItem } from '../../../../rules/pages';
import { Field } from '../../components/field';
import type { FieldErrors } from '../../components/form-errors';
import { ImageChoice } from './image-choice';
import { addGalleryItem, changeGalleryItem, removeGalleryItem } from './page-draft';

interface GalleryEditorProps {
  items: GalleryItem[];
  onChange(items: GalleryItem[]): void;
  errors: FieldErrors;
}

export function GalleryEditor({ items, onChange, errors }: GalleryEditorProps) {
  return (
    <div className="gallery-editor">
      <h3>Galleri</h3>
      {items.length === 0 ? (
        <p className="field-hint">Galleriet er tomt. Tilføj det første billede.</p>
      ) : null}
      <ol className="gallery-items">
        {items.map((item, index) => (
          // Items have no ids; the position is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: items are only added at the end or removed whole
          <li key={index} className="gallery-item card">
            <Field
              label={`Titel (billede ${index + 1})`}
              value={item.title}
              onChange={(title) => onChange(changeGalleryItem(items, index, { title }))}
              error={errors[`gallery.${index}.title`]}
            />
            <Field
              label="Beskrivelse"
              rows={3}
              value={item.description}
              onChange={(description) => onChange(changeGalleryItem(items, index, { description }))}
              error={errors[`gallery.${index}.description`]}
            />
            <ImageChoice
              label="Billede"
              value={item.image || null}
              removeLabel="Fjern billede"
              onChange={(url) => onChange(changeGalleryItem(items, index, { image: url ?? '' }))}
            />
            <button
              type="button"
              className="button button-ghost button-small"
              aria-label={`Slet billede ${index + 1}`}
              onClick={() => onChange(removeGalleryItem(items, index))}
            >
              Slet
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => onChange(addGalleryItem(items))}
      >
        Tilføj billede
      </button>
    </div>
  );
}
