// A native <dialog> driven by React state: showModal() when `open` turns true (focus moves in, the
// page behind is inert), close() when false, and Escape reported to `onClose` instead of closing by
// itself, so the state stays in React's hands. Focus returns to the opener when it closes.
import { type RefObject, useEffect, useRef } from 'react';

export function useModalDialog(open: boolean, onClose: () => void): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const cancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener('cancel', cancel);
    return () => dialog.removeEventListener('cancel', cancel);
  }, [onClose]);

  return ref;
}
