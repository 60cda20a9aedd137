// Unknown /admin paths leave the SPA for the product's own /404 page (the spec's Screens: any other path → /404).
import { useEffect } from 'react';
import { Spinner } from './spinner';

export function RedirectTo404() {
  useEffect(() => {
    window.location.replace('/404');
  }, []);
  return <Spinner label="Siden blev ikke fundet" />;
}
